import type { CustomFieldKind, CustomValue } from './custom-field-schemas.ts';
import { isCalendarDay } from './planning-schemas.ts';

/**
 * Conditions on a number or date custom field, as the search (`Effort:>5`, `Due:2026-03-01..2026-03-31`)
 * and the list's filters (docs/product.md#custom-fields) write them: `5` or `=5` (equal, or on that day),
 * `<5` and `>5` (less and more; before and after), `<=5` and `>=5`, and `2..8` (from, to, both kept).
 */
interface Bounds<T extends number | string> {
  low: T | null;
  lowIncluded: boolean;
  high: T | null;
  highIncluded: boolean;
}

const COMPARISON = /^(<=|>=|<|>|=)?([^<>=]+)$/;
const RANGE = /^(.+?)\.\.(.+)$/;
const NUMBER = /^-?\d{1,15}(?:\.\d{1,6})?$/;

function readBounds<T extends number | string>(
  text: string,
  read: (part: string) => T | null,
): Bounds<T> | null {
  const typed = text.trim();
  const range = RANGE.exec(typed);
  if (range) {
    const low = read(range[1]!);
    const high = read(range[2]!);
    return low === null || high === null ? null : { low, lowIncluded: true, high, highIncluded: true };
  }
  const comparison = COMPARISON.exec(typed);
  if (!comparison) return null;
  const value = read(comparison[2]!);
  if (value === null) return null;
  switch (comparison[1]) {
    case '<':
      return { low: null, lowIncluded: false, high: value, highIncluded: false };
    case '<=':
      return { low: null, lowIncluded: false, high: value, highIncluded: true };
    case '>':
      return { low: value, lowIncluded: false, high: null, highIncluded: false };
    case '>=':
      return { low: value, lowIncluded: true, high: null, highIncluded: false };
    default:
      return { low: value, lowIncluded: true, high: value, highIncluded: true };
  }
}

/** `>5`, `2..8`, `-1.5`: bounds on a number; null when the text is no such condition ("abc"). */
export function readNumberBounds(text: string): Bounds<number> | null {
  return readBounds(text, (part) => (NUMBER.test(part.trim()) ? Number(part) : null));
}

/** `<2026-03-01`, `2026-03-01` (that day), `2026-03-01..2026-03-31`: bounds on a day; null if none. */
export function readDayBounds(text: string): Bounds<string> | null {
  return readBounds(text, (part) => (isCalendarDay(part.trim()) ? part.trim() : null));
}

function withinBounds<T extends number | string>(value: T, bounds: Bounds<T>): boolean {
  if (bounds.low !== null && (value < bounds.low || (value === bounds.low && !bounds.lowIncluded)))
    return false;
  if (bounds.high !== null && (value > bounds.high || (value === bounds.high && !bounds.highIncluded)))
    return false;
  return true;
}

/**
 * A list filter's condition on a text, URL, number or date field, as the address keeps it after the
 * field's id: `~word` (text or URL holding the word, case aside), `any` (has a value), `none` (has
 * none), or a number's or day's condition (`>5`, `<2026-03-01`, `2..8`).
 */
export function conditionMatches(
  kind: CustomFieldKind,
  value: CustomValue | null | undefined,
  condition: string,
): boolean {
  const set = value !== null && value !== undefined;
  if (condition === 'any') return set;
  if (condition === 'none') return !set;
  if (!set) return false;
  if (condition.startsWith('~'))
    return typeof value === 'string' && value.toLowerCase().includes(condition.slice(1).toLowerCase());
  if (kind === 'number') {
    const bounds = readNumberBounds(condition);
    return bounds !== null && typeof value === 'number' && withinBounds(value, bounds);
  }
  if (kind === 'date') {
    const bounds = readDayBounds(condition);
    return bounds !== null && typeof value === 'string' && withinBounds(value, bounds);
  }
  return false;
}

/** Whether an address's condition reads for a field of this kind (else the filter is left out). */
export function isCondition(kind: CustomFieldKind, condition: string): boolean {
  if (condition === 'any' || condition === 'none') return true;
  if (kind === 'text' || kind === 'url') return condition.startsWith('~') && condition.length > 1;
  if (kind === 'number') return readNumberBounds(condition) !== null;
  if (kind === 'date') return readDayBounds(condition) !== null;
  return false;
}

/** The kinds filtered by a typed condition, not by ticking values. */
export const CONDITION_KINDS: readonly CustomFieldKind[] = ['text', 'url', 'number', 'date'];

/**
 * The `field` parameter of the list's address and of GET /api/projects/:id/tasks:
 * `<field id>:<token>,<field id>:<token>`, each token's `%`, `,` and `:` escaped. A token is an
 * option's or a person's id, `yes`, `no`, `none`, `any`, or a condition (`~word`, `>5`, `2..8`,
 * `<2026-03-01`). Several tokens of one field: any of them; several fields: each of them.
 */
export const FIELD_FILTER_PARAM = 'field';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a token reads as one for some field kind (the field's kind decides the rest). */
function readsAsToken(token: string): boolean {
  if (UUID.test(token) || token === 'none' || token === 'yes' || token === 'no') return true;
  return (['text', 'number', 'date'] as const).some((kind) => isCondition(kind, token));
}

export const escapeFilterToken = (token: string) =>
  token.replaceAll('%', '%25').replaceAll(',', '%2C').replaceAll(':', '%3A');

/** One `<field id>:<token>`, its token unescaped and lower-cased; null when it is no such pair. */
function readFilterPair(pair: string): { fieldId: string; token: string } | null {
  const [fieldId, escaped, extra] = pair.trim().toLowerCase().split(':');
  if (!fieldId || escaped === undefined || extra !== undefined || !UUID.test(fieldId)) return null;
  let token: string;
  try {
    token = decodeURIComponent(escaped);
  } catch {
    return null;
  }
  return token && readsAsToken(token) ? { fieldId, token } : null;
}

/**
 * The wanted tokens of each field, from the parameter's values (one or several, comma-separated).
 * `strict`: a pair that does not read makes the whole answer null (the server's 400); else it is
 * left out (an address typed by hand).
 */
export function readFieldFilters(
  values: readonly string[],
  { strict }: { strict: boolean },
): Map<string, string[]> | null {
  const filters = new Map<string, string[]>();
  for (const pair of values.flatMap((value) => value.split(','))) {
    const read = readFilterPair(pair);
    if (!read) {
      if (strict) return null;
      continue;
    }
    const tokens = filters.get(read.fieldId) ?? [];
    if (!tokens.includes(read.token)) tokens.push(read.token);
    filters.set(read.fieldId, tokens);
  }
  return filters;
}

/**
 * Whether a token fits a field: a select's own option id, a person's id, yes or no for a checkbox,
 * a condition a text, URL, number or date field can hold; `none` (no value) for every kind.
 */
export function tokenFitsField(
  field: { kind: CustomFieldKind; options?: ReadonlyArray<{ option_id: string }> },
  token: string,
): boolean {
  if (token === 'none') return true;
  if (CONDITION_KINDS.includes(field.kind)) return isCondition(field.kind, token);
  if (field.kind === 'checkbox') return token === 'yes' || token === 'no';
  if (field.kind === 'person') return UUID.test(token);
  return (field.options ?? []).some((option) => option.option_id.toLowerCase() === token);
}
