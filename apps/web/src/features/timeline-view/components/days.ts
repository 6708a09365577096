// Days as whole numbers (days since 1970-01-01), so the axis is plain arithmetic and no time zone
// or daylight-saving change shifts a bar.
import { intlLocale } from '../../../lib/i18n/i18n';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → day number. */
export function dayOf(text: string): number {
  const [year, month, day] = text.split('-').map(Number);
  return Math.round(Date.UTC(year!, month! - 1, day!) / DAY_MS);
}

/** Day number → 'YYYY-MM-DD'. */
export function textOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The browser's own today (a person plans in their own days). */
export function today(): number {
  const now = new Date();
  return Math.round(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY_MS);
}

/** The local day of an instant (a task due at a time of day). */
export function dayOfInstant(iso: string): number {
  const at = new Date(iso);
  return Math.round(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate()) / DAY_MS);
}

/** 0 Monday … 6 Sunday. */
export function weekdayOf(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

export function mondayOf(day: number): number {
  return day - weekdayOf(day);
}

/**
 * The language's day formats, made once per language (a language change reloads the page). English
 * keeps the day before the month ("3 Feb 2027"), as the timeline always wrote it.
 */
let formats: {
  language: string;
  long: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
} | null = null;
function dayFormats() {
  if (formats?.language !== intlLocale()) {
    const locale = intlLocale() === 'en' ? 'en-GB' : intlLocale();
    formats = {
      language: intlLocale(),
      long: new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      short: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      month: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    };
  }
  return formats!;
}

/** "3 Feb 2027". */
export function longDay(day: number): string {
  return dayFormats().long.format(new Date(day * DAY_MS));
}

/** "3 Feb". */
export function shortDay(day: number): string {
  return dayFormats().short.format(new Date(day * DAY_MS));
}

/** "Feb 2027". */
export function monthName(day: number): string {
  return dayFormats().month.format(new Date(day * DAY_MS));
}

/** The day of the month (1–31) and the month (0–11) of a day number. */
export function dateParts(day: number): { date: number; month: number; year: number } {
  const at = new Date(day * DAY_MS);
  return { date: at.getUTCDate(), month: at.getUTCMonth(), year: at.getUTCFullYear() };
}

let lists: { language: string; format: Intl.ListFormat } | null = null;

/** "RDM-2 and RDM-5": a task's blockers named in a sentence, as the language joins a list. */
export function listOf(references: string[]): string {
  if (references.length < 2) return references[0] ?? '';
  if (lists?.language !== intlLocale())
    lists = { language: intlLocale(), format: new Intl.ListFormat(intlLocale(), { type: 'conjunction' }) };
  return lists.format.format(references);
}
