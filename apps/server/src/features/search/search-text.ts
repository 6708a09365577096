import { readDayBounds, readNumberBounds } from '@figgle/shared/custom-field-filters';
import { ESTIMATES, estimateRank, scaleOfEstimate } from '@figgle/shared/estimate';
import { SEARCH_KINDS, type SearchKind } from '@figgle/shared/search-schemas';
import type { StatusCategory } from '@figgle/shared/status-categories';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';

/** More words than this add nothing a person means, and each costs a lookup. */
const MAX_WORDS = 8;
/** Longer runs of letters are no word anyone types; cut so a lexeme stays far below PostgreSQL's limit. */
const MAX_WORD_LENGTH = 60;

/** A reference typed as people write it: `CHE-12` (project code and number) or `#12` (current project). */
type TypedReference = { code: string; number: number } | { code: null; number: number };

export interface SearchText {
  /** The runs of letters and digits of the text, in order, each once: never operators or quotes. */
  words: string[];
  reference: TypedReference | null;
  /**
   * `estimate:>3`, `estimate:<=M`, `estimate:5`: the estimates a task may have to be found (possibly
   * none of them, for `estimate:4`); null when the text has no such token.
   */
  estimates: string[] | null;
  /** `parent:WEB-12` (each such token): the task whose sub-tasks are found. */
  parents: Array<{ code: string; number: number }>;
  /** `is:blocked`: only tasks with an open blocker. */
  blocked: boolean;
  /** Each `has:parent` (true) and `no:parent` (false), all to hold; none: either. */
  hasParent: boolean[];
  /** `Platform:iOS`: a custom field (by name) and the value a task's must match, each to hold. */
  fields: Array<{ name: string; value: string }>;
  /** `status:"In review"`, `status:doing`: names (or keys) of a status of the task's project, each to hold. */
  statusNames: string[];
  /** `is:done`, `is:started`, `is:open`…: the categories a task's status may be in (any of them). */
  categories: StatusCategory[];
}

/**
 * `status:"In review"` or `status:Doing` (a name of a status of the task's own project, or its key),
 * and `is:` a category (docs/product.md#statuses); `is:open` is Backlog, Unstarted and Started.
 */
const STATUS_TOKEN =
  /(?<=^|\s)(?:status:(?:"([^"]{1,30})"|([^\s":]{1,30}))|is:(backlog|unstarted|started|done|canceled|open))(?=\s|$)/giu;

function takeStatusTokens(text: string): { rest: string } & Pick<SearchText, 'statusNames' | 'categories'> {
  const statusNames: string[] = [];
  const categories = new Set<StatusCategory>();
  const rest = text.replace(STATUS_TOKEN, (_token, quoted?: string, bare?: string, category?: string) => {
    const name = (quoted ?? bare)?.trim();
    if (name) statusNames.push(name);
    else if (category?.toLowerCase() === 'open') for (const open of OPEN_CATEGORIES) categories.add(open);
    else if (category) categories.add(category.toLowerCase() as StatusCategory);
    return ' ';
  });
  return { rest: rest.trim(), statusNames, categories: [...categories] };
}

const OPEN_CATEGORIES: readonly StatusCategory[] = ['backlog', 'unstarted', 'started'];

/**
 * `Platform:iOS` (docs/product.md#custom-fields): a custom field's name, a colon, a value. The names
 * of other tokens are not fields; a field named "Sprint goal" is not typed this way.
 */
const FIELD_TOKEN = /(?<=^|\s)([\p{L}\p{N}][\p{L}\p{N}_.-]{0,39}):([^\s:]{1,60})(?=\s|$)/gu;
const NOT_FIELDS = new Set([
  'estimate',
  'parent',
  'is',
  'has',
  'no',
  'status',
  'label',
  'assignee',
  'project',
]);

function takeFieldTokens(text: string): { rest: string; fields: SearchText['fields'] } {
  const fields: SearchText['fields'] = [];
  const rest = text.replace(FIELD_TOKEN, (token: string, name: string, value: string) => {
    if (NOT_FIELDS.has(name.toLowerCase()) || fields.length >= MAX_WORDS) return token;
    fields.push({ name, value });
    return ' ';
  });
  return { rest: rest.trim(), fields };
}

/** A day, or a month or year a day's text holds (`Due:2026-03`): what a date field is searched by. */
const PART_OF_DAY = /^\d{4}(?:-\d{2})?$/;

/**
 * Why a field token cannot hold for the fields of its name (their kinds, in the organizations
 * searched): `Effort:abc` when every field named Effort is a number, a date field's `Due:soon`,
 * a checkbox's `Urgent:maybe`. null when it reads (or no field has the name: it finds nothing).
 */
export function fieldTokenProblem(
  field: { name: string; value: string },
  kinds: ReadonlySet<string>,
): string | null {
  if (kinds.size === 0 || field.value === '*') return null;
  const only = (kind: string) => [...kinds].every((known) => known === kind);
  if (only('number') && readNumberBounds(field.value) === null)
    return `${field.name} holds numbers: write ${field.name}:5, ${field.name}:>5, ${field.name}:<5 or ${field.name}:2..8.`;
  if (only('date') && readDayBounds(field.value) === null && !PART_OF_DAY.test(field.value))
    return `${field.name} holds days: write ${field.name}:2026-03-01, ${field.name}:<2026-03-01, ${field.name}:>2026-03-01 or a range from..to.`;
  if (only('checkbox') && !/^(yes|no|true|false)$/i.test(field.value))
    return `${field.name} is a checkbox: write ${field.name}:yes or ${field.name}:no.`;
  return null;
}

/** `parent:WEB-12`, `is:blocked`, `has:parent`, `no:parent`: tokens of the structure, no words of the text. */
const STRUCTURE_TOKEN =
  /(?<=^|\s)(?:parent:([A-Za-z0-9]{3})-(\d{1,9})|is:blocked|has:parent|no:parent)(?=\s|$)/giu;

type StructureTokens = Pick<SearchText, 'parents' | 'blocked' | 'hasParent'>;

function takeStructureTokens(text: string): { rest: string } & StructureTokens {
  const found: StructureTokens = { parents: [], blocked: false, hasParent: [] };
  const rest = text.replace(STRUCTURE_TOKEN, (token: string, code?: string, number?: string) => {
    const word = token.toLowerCase();
    if (code && number) found.parents.push({ code: code.toUpperCase(), number: Number(number) });
    else if (word === 'is:blocked') found.blocked = true;
    else found.hasParent.push(word === 'has:parent');
    return ' ';
  });
  return { rest: rest.trim(), ...found };
}

/** Whether the text narrows tasks by a token (estimate:, parent:, is:blocked, has:/no:parent). */
export function hasTaskTokens(text: SearchText): boolean {
  return (
    text.estimates !== null ||
    text.parents.length > 0 ||
    text.blocked ||
    text.hasParent.length > 0 ||
    text.fields.length > 0 ||
    text.statusNames.length > 0 ||
    text.categories.length > 0
  );
}

/** `estimate:` then an optional comparison and a value of a scale; the token is no word of the text. */
const ESTIMATE_TOKEN = /(?<=^|\s)estimate:(<=|>=|<|>|=)?([0-9]{1,3}|xs|s|m|l|xl)(?=\s|$)/giu;

type Comparison = '<' | '<=' | '>' | '>=' | '=';

/**
 * The estimates a comparison keeps: a number compares with points (estimate:>3 is 5, 8 and 13), a
 * size with sizes (estimate:>=L is L and XL). Several tokens narrow together.
 */
export function estimatesMatching(comparison: Comparison, typed: string): string[] {
  const value = /^[0-9]+$/.test(typed) ? String(Number(typed)) : typed.toUpperCase();
  const scale = /^[0-9]+$/.test(value) ? 'points' : scaleOfEstimate(value);
  const wanted = scale === 'points' ? Number(value) : estimateRank(value);
  if (scale === null || wanted === null) return [];
  return ESTIMATES.filter((estimate) => {
    if (scaleOfEstimate(estimate) !== scale) return false;
    const rank = estimateRank(estimate)!;
    if (comparison === '<') return rank < wanted;
    if (comparison === '<=') return rank <= wanted;
    if (comparison === '>') return rank > wanted;
    if (comparison === '>=') return rank >= wanted;
    return rank === wanted;
  });
}

function takeEstimateTokens(text: string): { rest: string; estimates: string[] | null } {
  let estimates: string[] | null = null;
  const rest = text.replace(ESTIMATE_TOKEN, (_token, comparison: string | undefined, value: string) => {
    const matching = estimatesMatching((comparison ?? '=') as Comparison, value);
    estimates = estimates === null ? matching : estimates.filter((estimate) => matching.includes(estimate));
    return ' ';
  });
  return { rest: rest.trim(), estimates };
}

// Whole-text forms only: "CHE-12 login" is a text search (whose words still find CHE's task 12).
const PROJECT_REFERENCE = /^([A-Za-z0-9]{3})-(\d{1,9})$/;
const LOCAL_REFERENCE = /^#(\d{1,9})$/;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A run of combining marks alone (an emoji's variation selector) is no word. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * What a search text asks for. Only letters, digits and combining marks make words; everything else
 * (tsquery operators `& | ! : * ( )`, quotes, backslashes, `%`, `_`, SQL) separates them and is
 * never passed on, so no input can change the shape of a query.
 */
export function readSearchText(q: string): SearchText {
  const { rest: afterEstimates, estimates } = takeEstimateTokens(q.normalize('NFKC').trim());
  const { rest: afterStatuses, statusNames, categories } = takeStatusTokens(afterEstimates);
  const { rest: afterStructure, ...structure } = takeStructureTokens(afterStatuses);
  const { rest: text, fields } = takeFieldTokens(afterStructure);
  const projectReference = PROJECT_REFERENCE.exec(text);
  const localReference = LOCAL_REFERENCE.exec(text);
  const reference: TypedReference | null = projectReference
    ? { code: projectReference[1]!.toUpperCase(), number: Number(projectReference[2]) }
    : localReference
      ? { code: null, number: Number(localReference[1]) }
      : null;
  const words: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    if (!LETTER_OR_DIGIT.test(word)) continue;
    const cut = [...word].slice(0, MAX_WORD_LENGTH).join('');
    if (!words.some((known) => known.toLowerCase() === cut.toLowerCase())) words.push(cut);
    if (words.length === MAX_WORDS) break;
  }
  return {
    words,
    reference: reference && reference.number > 0 ? reference : null,
    estimates,
    ...structure,
    fields,
    statusNames,
    categories,
  };
}

/** One word of the text as the database read it (figgle_search: lowercase, no accents). */
export interface QueryWord {
  /** Its lexemes: usually one. */
  lexemes: string[];
  /** Known words it may be a typo of; only for a word that begins none of the known words. */
  alternatives: string[];
}

/** A lexeme as a tsquery operand: quoted, so nothing in it reads as an operator. */
function operand(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The tsquery text: every word must match, each as a prefix (`chec:*`; a single character only as
 * itself) or as one of the words it may be a typo of. null when no word is left.
 */
export function toTsquery(words: QueryWord[]): string | null {
  const terms = words
    .filter((word) => word.lexemes.length > 0)
    .map((word) => {
      const itself = word.lexemes
        .map((lexeme) => `${operand(lexeme)}${[...lexeme].length > 1 ? ':*' : ''}`)
        .join(' & ');
      const typos = word.alternatives.map((alternative) => ` | ${operand(alternative)}`).join('');
      return `(${itself}${typos})`;
    });
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** Where a group's next page starts: what the previous page's last hit was sorted by. */
export type SearchCursor =
  | { k: 'task'; p: 1 | 2; a?: string; i?: string }
  | { k: 'comment'; a: string; i: string }
  | { k: 'project' | 'person'; o: number };

/** A hit's time as the cursor carries it; the year 0 has no day in the database (a 400, not its error). */
const cursorTime = z.iso.datetime().refine((text) => !text.startsWith('0000'));

const cursorSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('task'),
    p: z.union([z.literal(1), z.literal(2)]),
    a: cursorTime.optional(),
    i: z.uuid().optional(),
  }),
  z.object({ k: z.literal('comment'), a: cursorTime, i: z.uuid() }),
  z.object({ k: z.enum(['project', 'person']), o: z.number().int().min(0).max(100_000) }),
]);

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const NOT_OURS = 'The cursor is not one this server gave.';

export function decodeCursor(text: string): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(NOT_OURS, [{ path: 'querystring.cursor', message: 'is not a search cursor' }]);
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success)
    throw badRequest(NOT_OURS, [{ path: 'querystring.cursor', message: 'is not a search cursor' }]);
  return parsed.data as SearchCursor;
}

const GROUP_OF_KIND: Record<SearchCursor['k'], SearchKind> = {
  task: 'task',
  comment: 'comment',
  project: 'project',
  person: 'person',
};

/** The kinds a request answers: the cursor's group alone, else those asked (all by default). */
export function kindsToAnswer(kinds: SearchKind[] | undefined, cursor: SearchCursor | null): Set<SearchKind> {
  if (cursor) return new Set([GROUP_OF_KIND[cursor.k]]);
  return new Set(kinds ?? SEARCH_KINDS);
}
