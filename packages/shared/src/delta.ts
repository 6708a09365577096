import { z } from 'zod';
import {
  RICH_TEXT_FONT_NAME_MAX,
  RICH_TEXT_HEADER_MAX,
  RICH_TEXT_INDENT_MAX,
  RICH_TEXT_SIZE_MAX,
} from './constants.ts';
import { isAllowedLinkProtocol, isSafeUrl, SANITIZED_URL } from './link-safety.ts';

/**
 * The rich-text documents Figgle stores (task descriptions, comments) are Quill Deltas made only of
 * inserts. Everything a browser will later render is checked here, on the server, before it is stored:
 * known formats only, the attribute limits (docs/product.md#rich-text-editor), safe addresses, bounded
 * sizes.
 */
type DeltaAttributes = Record<string, unknown>;
// Type aliases, not interfaces: they stay assignable to the row type's Record<string, unknown>.
type DeltaInsertOp = {
  insert: string | Record<string, unknown>;
  attributes?: DeltaAttributes;
};
export type DeltaDocument = {
  ops: DeltaInsertOp[];
};

export const DELTA_MAX_OPS = 10_000;
/** Characters of text plus one per embed: far above any real description, far below the body limit. */
export const DELTA_MAX_LENGTH = 200_000;
const DELTA_URL_MAX = 2048;
const FILE_NAME_MAX = 255;
const FORMULA_MAX = 1000;
const ALT_MAX = 500;

interface DeltaIssue {
  path: string;
  message: string;
}
export type DeltaCheck = { ok: true; delta: DeltaDocument } | { ok: false; issues: DeltaIssue[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

// Colours as hex, rgb(a) or plain words: nothing that could close a style declaration.
const COLOUR_PATTERN =
  /^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)|[a-z]{1,30})$/i;
const FONT_PATTERN = /^[A-Za-z0-9 _-]+$/;
const SIZE_PATTERN = /^[A-Za-z0-9.%-]+$/;
const CODE_LANGUAGE_PATTERN = /^[A-Za-z0-9+#_-]{1,30}$/;
const TABLE_ROW_PATTERN = /^row-[a-z0-9]{1,20}$/;
const DIMENSION_PATTERN = /^\d{1,5}(?:px|%)?$/;

type Check = (value: unknown) => string | null;

const flag: Check = (value) => (value === true ? null : 'must be true');
const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (value) =>
    allowed.includes(value) ? null : `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
const integerBetween =
  (min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;
const colour: Check = (value) =>
  typeof value === 'string' && COLOUR_PATTERN.test(value) ? null : 'must be a hex, rgb or named colour';
const dimension: Check = (value) =>
  typeof value === 'string' && DIMENSION_PATTERN.test(value)
    ? null
    : 'must be a number of pixels or a percentage';

/** Inline formats: on text and on inline embeds. */
const INLINE_FORMATS: Record<string, Check> = {
  bold: flag,
  italic: flag,
  underline: flag,
  strike: flag,
  code: flag,
  link: (value) => {
    if (!isString(value, DELTA_URL_MAX)) return `must be an address of at most ${DELTA_URL_MAX} characters`;
    // about:blank is what the editor turns an unsafe address into: harmless, so a save never fails on it.
    return value === SANITIZED_URL || isAllowedLinkProtocol(value)
      ? null
      : 'must be an http, https, mailto, tel or sms address';
  },
  script: oneOf('sub', 'super'),
  color: colour,
  background: colour,
  font: (value) =>
    isString(value, RICH_TEXT_FONT_NAME_MAX) && FONT_PATTERN.test(value)
      ? null
      : `must be a font name of at most ${RICH_TEXT_FONT_NAME_MAX} letters, digits, spaces or hyphens`,
  size: (value) =>
    isString(value, RICH_TEXT_SIZE_MAX) && SIZE_PATTERN.test(value)
      ? null
      : `must be a size of at most ${RICH_TEXT_SIZE_MAX} characters`,
};

/** Line formats: Quill keeps them on the line's closing newline. */
const BLOCK_FORMATS: Record<string, Check> = {
  blockquote: flag,
  'code-block': (value) =>
    value === true || (typeof value === 'string' && CODE_LANGUAGE_PATTERN.test(value))
      ? null
      : 'must be true or a language name',
  list: oneOf('ordered', 'bullet', 'checked', 'unchecked'),
  header: integerBetween(1, RICH_TEXT_HEADER_MAX),
  align: oneOf('right', 'center', 'justify'),
  direction: oneOf('rtl'),
  indent: integerBetween(1, RICH_TEXT_INDENT_MAX),
  table: (value) =>
    typeof value === 'string' && TABLE_ROW_PATTERN.test(value) ? null : 'must be a table row id',
};

/** Attributes only an embed may carry. */
const EMBED_FORMATS: Record<string, Check> = {
  alt: (v) => (isString(v, ALT_MAX) ? null : 'must be a short text'),
  width: dimension,
  height: dimension,
};

const safeUrl = (value: unknown): string | null => {
  if (!isString(value, DELTA_URL_MAX)) return `must be an address of at most ${DELTA_URL_MAX} characters`;
  return value === SANITIZED_URL || isSafeUrl(value) ? null : 'is not a safe address';
};

/** Embeds. A fileblock's address must also be one a person can follow: no data: or blob:. */
const EMBEDS: Record<string, Check> = {
  image: safeUrl,
  imageblock: safeUrl,
  video: (value) => {
    if (!isString(value, DELTA_URL_MAX)) return `must be an address of at most ${DELTA_URL_MAX} characters`;
    return value === SANITIZED_URL || /^https?:\/\//i.test(value.trim())
      ? null
      : 'must be an http or https address';
  },
  formula: (value) =>
    isString(value, FORMULA_MAX) ? null : `must be a formula of at most ${FORMULA_MAX} characters`,
  fileblock: (value) => {
    if (!isRecord(value)) return 'must be an object with url and name';
    const extra = Object.keys(value).filter((key) => key !== 'url' && key !== 'name');
    if (extra.length > 0) return `has unknown fields: ${extra.join(', ')}`;
    const url = safeUrl(value.url);
    if (url) return `url ${url}`;
    if (value.url !== SANITIZED_URL && !/^(?:https?:\/\/|\/)/i.test((value.url as string).trim()))
      return 'url must be an http, https or site address';
    return isString(value.name, FILE_NAME_MAX)
      ? null
      : `name must be a text of 1 to ${FILE_NAME_MAX} characters`;
  },
  mention: (value) => {
    if (!isRecord(value)) return 'must be an object with id and value';
    for (const [key, field] of Object.entries(value)) {
      if (!['id', 'value', 'denotationChar', 'index'].includes(key)) return `has an unknown field: ${key}`;
      if (typeof field !== 'string' || field.length > 200)
        return `${key} must be a text of at most 200 characters`;
    }
    return isString(value.id, 200) && isString(value.value, 200) ? null : 'needs an id and a value';
  },
};

function checkAttributes(
  attributes: unknown,
  allowed: Record<string, Check>[],
  path: string,
  issues: DeltaIssue[],
): void {
  if (!isRecord(attributes)) {
    issues.push({ path, message: 'must be an object' });
    return;
  }
  for (const [name, value] of Object.entries(attributes)) {
    const check = allowed.find((group) => Object.hasOwn(group, name))?.[name];
    if (!check) issues.push({ path: `${path}.${name}`, message: `is not a known format` });
    else {
      const problem = check(value);
      if (problem) issues.push({ path: `${path}.${name}`, message: problem });
    }
  }
}

const MAX_ISSUES = 20;

/**
 * Checks that `value` is a Delta document Figgle can store and render. On success, returns a copy
 * holding only the checked fields, ending with a newline as every Quill document does.
 */
export function validateDelta(value: unknown, path = 'content_json'): DeltaCheck {
  const issues: DeltaIssue[] = [];
  if (!isRecord(value) || !Array.isArray(value.ops)) {
    return {
      ok: false,
      issues: [{ path, message: 'must be a rich-text document: an object with an ops list' }],
    };
  }
  const extra = Object.keys(value).filter((key) => key !== 'ops');
  if (extra.length > 0) issues.push({ path, message: `has unknown fields: ${extra.join(', ')}` });
  if (value.ops.length > DELTA_MAX_OPS) {
    return {
      ok: false,
      issues: [{ path: `${path}.ops`, message: `has more than ${DELTA_MAX_OPS} operations` }],
    };
  }
  let length = 0;
  const ops: DeltaInsertOp[] = [];
  value.ops.forEach((op: unknown, index) => {
    if (issues.length >= MAX_ISSUES) return;
    const at = `${path}.ops.${index}`;
    if (!isRecord(op)) {
      issues.push({ path: at, message: 'must be an object' });
      return;
    }
    const unknown = Object.keys(op).filter((key) => key !== 'insert' && key !== 'attributes');
    if (unknown.length > 0 || !('insert' in op)) {
      issues.push({ path: at, message: 'must be an insert (a document holds no retain or delete)' });
      return;
    }
    const { insert, attributes } = op;
    if (typeof insert === 'string') {
      if (insert.length === 0) issues.push({ path: `${at}.insert`, message: 'must not be empty' });
      length += insert.length;
      if (attributes !== undefined) {
        checkAttributes(attributes, [INLINE_FORMATS, BLOCK_FORMATS], `${at}.attributes`, issues);
      }
    } else if (isRecord(insert)) {
      const keys = Object.keys(insert);
      const [name] = keys;
      if (keys.length !== 1 || name === undefined) {
        issues.push({ path: `${at}.insert`, message: 'an embed must have exactly one type' });
        return;
      }
      const check = EMBEDS[name];
      if (!check) {
        issues.push({ path: `${at}.insert.${name}`, message: 'is not a known embed' });
        return;
      }
      const problem = check(insert[name]);
      if (problem) issues.push({ path: `${at}.insert.${name}`, message: problem });
      length += 1;
      if (attributes !== undefined) {
        checkAttributes(attributes, [INLINE_FORMATS, EMBED_FORMATS], `${at}.attributes`, issues);
      }
    } else {
      issues.push({ path: `${at}.insert`, message: 'must be a text or an embed' });
      return;
    }
    ops.push(attributes === undefined ? { insert } : { insert, attributes: attributes as DeltaAttributes });
  });
  if (length > DELTA_MAX_LENGTH) {
    issues.push({ path, message: `is longer than ${DELTA_MAX_LENGTH} characters` });
  }
  if (issues.length > 0) return { ok: false, issues };
  const last = ops.at(-1);
  if (!last || typeof last.insert !== 'string' || !last.insert.endsWith('\n')) ops.push({ insert: '\n' });
  return { ok: true, delta: { ops } };
}

/** The document's words: text as written, an embed as its visible name (a file's name, a mention). */
export function deltaToPlainText(delta: DeltaDocument): string {
  let text = '';
  for (const op of delta.ops) {
    if (typeof op.insert === 'string') text += op.insert;
    else if (isRecord(op.insert.fileblock)) text += String(op.insert.fileblock.name ?? '');
    else if (isRecord(op.insert.mention)) text += `@${String(op.insert.mention.value ?? '')}`;
    else if ('formula' in op.insert) text += String(op.insert.formula ?? '');
  }
  return text;
}

/** Nothing a reader could see: only whitespace and no embed (an image alone is a real comment). */
export function isDeltaBlank(delta: DeltaDocument): boolean {
  return delta.ops.every((op) => typeof op.insert === 'string' && op.insert.trim() === '');
}

/**
 * A rich-text field of a request body: checked with validateDelta, each problem reported at its path
 * (e.g. content_json.ops.3.attributes.link), and replaced by the checked copy.
 */
export const richTextSchema = z.unknown().transform((value, ctx): DeltaDocument => {
  const result = validateDelta(value, '');
  if (result.ok) return result.delta;
  for (const issue of result.issues) {
    const path = issue.path
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    ctx.addIssue({ code: 'custom', message: issue.message, path });
  }
  return z.NEVER;
});
