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
