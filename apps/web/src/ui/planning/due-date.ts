import {
  CALENDAR_DEFAULT_LOCALE,
  CALENDAR_YEAR_COUNT,
  CALENDAR_YEARS_BEFORE,
} from '@figgle/shared/constants';
import { intlLocale, t } from '../../lib/i18n/i18n';

/**
 * A task's due date as people read it: a day (`due_on`, the same day wherever the viewer is) or a
 * day and time (`due_at`, an instant shown in the viewer's time zone). Pure functions: every one
 * takes the moment and the time zone it is read in, so tests can pin both.
 */
export interface DueFields {
  due_on: string | null;
  due_at: string | null;
}

/** Overdue: the day (or the instant) has passed. Soon: it is today, tomorrow or the day after. */
export type DueState = 'overdue' | 'soon' | 'later';

/** "Due soon" covers the days from today up to this many days ahead. */
const DUE_SOON_DAYS = 2;

const DAY_MS = 86_400_000;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per set of options, made once: making one costs about a millisecond, and a board
 * or list formats several dates for every task it draws (measured: 100 ms of a cold board).
 */
function formatter(
  key: string,
  options: Intl.DateTimeFormatOptions,
  locale: string = CALENDAR_DEFAULT_LOCALE,
): Intl.DateTimeFormat {
  let format = formats.get(`${locale} ${key}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(`${locale} ${key}`, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (the viewer's when omitted). */
export function dayIn(instant: Date | number, timeZone?: string): string {
  const parts = formatter(`day ${timeZone}`, {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return `${pad(part('year'), 4)}-${pad(part('month'), 2)}-${pad(part('day'), 2)}`;
}

/** Midnight UTC of a YYYY-MM-DD day (years below 100 kept as they are). */
function utcDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(2000, 0, 1));
  value.setUTCFullYear(year, month - 1, date);
  return value;
}

/** Whole days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);
}

/** The day the task is due in the viewer's zone, or null without a due date. */
export function dueDay(due: DueFields, timeZone?: string): string | null {
  if (due.due_at) return dayIn(new Date(due.due_at), timeZone);
  return due.due_on ?? null;
}

/** Whether a due date has passed, is close, or is further away; null without a due date. */
export function dueState(due: DueFields, now: Date = new Date(), timeZone?: string): DueState | null {
  const day = dueDay(due, timeZone);
  if (day === null) return null;
  if (due.due_at && Date.parse(due.due_at) < now.getTime()) return 'overdue';
  const ahead = daysBetween(dayIn(now, timeZone), day);
  if (ahead < 0) return 'overdue';
  return ahead <= DUE_SOON_DAYS ? 'soon' : 'later';
}

/**
 * The state a task's mark shows: none for a task that is done or archived (finished work is never
 * overdue, as the list's Overdue filter has it).
 */
export function markedDueState(
  due: DueFields,
  finished: boolean,
  now: Date = new Date(),
  timeZone?: string,
): DueState | null {
  return finished ? null : dueState(due, now, timeZone);
}

/** The language dates are written in: English as before (en-US), the others their own. */
function wordsLocale(): string {
  const locale = intlLocale();
  return locale === 'en' ? CALENDAR_DEFAULT_LOCALE : locale;
}

function relativeDay(offset: number): string | undefined {
  if (offset === -1) return t('ui.yesterday');
  if (offset === 0) return t('ui.today');
  if (offset === 1) return t('ui.tomorrow');
  return undefined;
}

function dayWords(day: string, today: string | null): string {
  const relative = today === null ? undefined : relativeDay(daysBetween(today, day));
  if (relative) return relative;
  // Short words leave out the year of the current one; full words always carry it.
  const short = today !== null;
  const withYear = today === null || day.slice(0, 4) !== today.slice(0, 4);
  return formatter(
    `words ${short} ${withYear}`,
    {
      timeZone: 'UTC',
      month: short ? 'short' : 'long',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    },
    wordsLocale(),
  ).format(utcDay(day));
}

function timeWords(instant: string, timeZone?: string): string {
  // Recent ICU puts a narrow no-break space before AM/PM: a plain one reads and searches the same everywhere.
  return formatter(`time ${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit' }, wordsLocale())
    .format(new Date(instant))
    .replace(/\s/g, ' ');
}

/**
 * The due date in a few words for rows and cards: 'Today', 'Tomorrow', 'Mar 5', 'Mar 5, 2027',
 * with the time after a timed one ('Today 2:30 PM'); null without a due date.
 */
export function formatDueShort(due: DueFields, now: Date = new Date(), timeZone?: string): string | null {
  const day = dueDay(due, timeZone);
  if (day === null) return null;
  const words = dayWords(day, dayIn(now, timeZone));
  return due.due_at ? `${words} ${timeWords(due.due_at, timeZone)}` : words;
}

/** The due date in full, for titles and screen readers: 'March 5, 2026' or 'March 5, 2026 at 2:30 PM'. */
export function formatDueLong(due: DueFields, timeZone?: string): string | null {
  const day = dueDay(due, timeZone);
  if (day === null) return null;
  const words = dayWords(day, null);
  return due.due_at ? t('ui.dueAt', { day: words, time: timeWords(due.due_at, timeZone) }) : words;
}

/** A logged due value ('2026-03-05' or an ISO instant) in words; 'none' for no due date. */
export function formatLoggedDue(value: unknown, timeZone?: string): string {
  if (typeof value !== 'string' || value === '') return t('ui.none');
  const due: DueFields = value.includes('T')
    ? { due_on: null, due_at: value }
    : { due_on: value, due_at: null };
  return formatDueLong(due, timeZone) ?? t('ui.none');
}

/**
 * Sorts by due date: earliest first, a day-only date after the timed ones of that day, no date last.
 * The instant a day-only date ends in the viewer's zone stands for it.
 */
export function dueSortKey(due: DueFields): number {
  if (due.due_at) return Date.parse(due.due_at);
  if (!due.due_on) return Number.POSITIVE_INFINITY;
  const end = utcDay(due.due_on);
  const local = new Date(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate(), 23, 59, 59, 999);
  local.setFullYear(end.getUTCFullYear());
  return local.getTime();
}

/** The instant (ISO, UTC) of a day and an 'HH:mm' time on the viewer's clock. */
export function localInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const value = new Date(2000, 0, 1, hours, minutes);
  value.setFullYear(year, month - 1, date);
  return value.toISOString();
}

/** The 'HH:mm' a due time shows on the viewer's clock; '' without one. */
export function localTime(due: DueFields): string {
  if (!due.due_at) return '';
  const value = new Date(due.due_at);
  return `${pad(value.getHours(), 2)}:${pad(value.getMinutes(), 2)}`;
}

/** The due fields for a day and an optional 'HH:mm' time: a day alone, or the instant of both. */
export function dueFrom(day: string | null, time: string): DueFields {
  if (!day) return { due_on: null, due_at: null };
  return time ? { due_on: null, due_at: localInstant(day, time) } : { due_on: day, due_at: null };
}

/** True when two due dates say the same thing. */
export function sameDue(a: DueFields, b: DueFields): boolean {
  const instant = (value: string | null) => (value ? Date.parse(value) : null);
  return a.due_on === b.due_on && instant(a.due_at) === instant(b.due_at);
}

/**
 * The days the date picker offers (docs/product.md, Shared widgets): 200 years, the 100 before the
 * year of `today` first; the limits as the picker takes them (YYYY-MM-DD).
 */
export function pickableDays(today: Date = new Date()): { minDate: string; maxDate: string } {
  const first = today.getFullYear() - CALENDAR_YEARS_BEFORE;
  return { minDate: `${first}-01-01`, maxDate: `${first + CALENDAR_YEAR_COUNT - 1}-12-31` };
}
