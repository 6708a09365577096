// Recurring tasks (docs/product.md#recurring-tasks): the subset of RFC 5545 RRULE that Figgle takes,
// the next day a rule fires, and the words the task page shows. Days are written YYYY-MM-DD and
// counted as calendar days (no time zone); recurrence-time.ts turns instants into days and back in
// the organization's time zone.

const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

const RECURRENCE_INTERVAL_MAX = 999;
const RECURRENCE_COUNT_MAX = 9999;
export const RRULE_TEXT_MAX = 200;

interface NthWeekday {
  /** 1…4, or -1 for the last one of the month. */
  nth: number;
  day: WeekdayCode;
}

export interface Recurrence {
  freq: RecurrenceFrequency;
  interval: number;
  /** WEEKLY: the days of the week it fires on (none: the first day's). */
  byDay: WeekdayCode[];
  /** MONTHLY or YEARLY: the nth weekday of the month instead of a day of the month. */
  byNthDay: NthWeekday | null;
  /** MONTHLY or YEARLY: the day of the month, 1…31 or -1 for the last (none: the first day's). */
  byMonthDay: number | null;
  /** YEARLY: the month, 1…12 (none: the first day's). */
  byMonth: number | null;
  /** How many occurrences in all, the first task counted; null: no end by count. */
  count: number | null;
  /** The last day it may fire (YYYY-MM-DD); null: no end by day. */
  until: string | null;
}

export class RecurrenceError extends Error {}

const FREQUENCIES_TOO_FINE = ['SECONDLY', 'MINUTELY', 'HOURLY'];

function fail(message: string): never {
  throw new RecurrenceError(message);
}

function positiveInteger(text: string, what: string, max: number): number {
  if (!/^\d{1,6}$/.test(text)) fail(`${what} must be a whole number.`);
  const value = Number(text);
  if (value < 1) fail(`${what} must be at least 1.`);
  if (value > max) fail(`${what} must be at most ${max}.`);
  return value;
}

function untilDay(text: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(text);
  if (!match) fail('UNTIL must be a day written YYYYMMDD.');
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  if (!isDay(day)) fail('UNTIL must be a real day.');
  return day;
}

function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * Reads an RRULE (with or without its "RRULE:" prefix). Throws RecurrenceError, in words a person can
 * act on, for what Figgle does not take: a frequency finer than a day, a COUNT of 0, unknown parts.
 */
export function parseRecurrence(text: string): Recurrence {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body.length === 0) fail('The repetition is empty.');
  if (body.length > RRULE_TEXT_MAX) fail(`The repetition is at most ${RRULE_TEXT_MAX} characters.`);
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const [name, value, ...rest] = part.split('=');
    if (!name || value === undefined || rest.length > 0 || value === '') fail(`"${part}" is not NAME=VALUE.`);
    const key = name.toUpperCase();
    if (parts.has(key)) fail(`${key} is given twice.`);
    parts.set(key, value.toUpperCase());
  }
  const freqText = parts.get('FREQ');
  if (!freqText) fail('FREQ is required.');
  if (FREQUENCIES_TOO_FINE.includes(freqText)) {
    fail('A task repeats at most once a day: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.');
  }
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(freqText)) fail(`FREQ=${freqText} is unknown.`);
  const freq = freqText as RecurrenceFrequency;
  const rule: Recurrence = {
    freq,
    interval: 1,
    byDay: [],
    byNthDay: null,
    byMonthDay: null,
    byMonth: null,
    count: null,
    until: null,
  };
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL':
        rule.interval = positiveInteger(value, 'INTERVAL', RECURRENCE_INTERVAL_MAX);
        break;
      case 'COUNT':
        if (value === '0' || /^0+$/.test(value))
          fail('COUNT must be at least 1: a repetition of 0 times never starts.');
        rule.count = positiveInteger(value, 'COUNT', RECURRENCE_COUNT_MAX);
        break;
      case 'UNTIL':
        rule.until = untilDay(value);
        break;
      case 'WKST':
        if (value !== 'MO') fail('Weeks start on Monday (WKST=MO).');
        break;
      case 'BYDAY':
        readByDay(rule, value);
        break;
      case 'BYMONTHDAY': {
        if (freq !== 'MONTHLY' && freq !== 'YEARLY') fail('BYMONTHDAY goes with FREQ=MONTHLY or YEARLY.');
        const day = value === '-1' ? -1 : Number(value);
        if (!/^-?\d{1,2}$/.test(value) || !(day === -1 || (day >= 1 && day <= 31))) {
          fail('BYMONTHDAY must be one day, 1 to 31, or -1 for the last.');
        }
        rule.byMonthDay = day;
        break;
      }
      case 'BYMONTH': {
        if (freq !== 'YEARLY') fail('BYMONTH goes with FREQ=YEARLY.');
        if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 12) {
          fail('BYMONTH must be one month, 1 to 12.');
        }
        rule.byMonth = Number(value);
        break;
      }
      default:
        fail(`${key} is not supported.`);
    }
  }
  if (rule.count !== null && rule.until !== null) fail('COUNT and UNTIL cannot both be given.');
  if (rule.byNthDay && rule.byMonthDay !== null) fail('Give BYDAY or BYMONTHDAY, not both.');
  return rule;
}

function readByDay(rule: Recurrence, value: string): void {
  const entries = value.split(',');
  if (rule.freq === 'WEEKLY') {
    const days = new Set<WeekdayCode>();
    for (const entry of entries) {
      if (!(WEEKDAY_CODES as readonly string[]).includes(entry))
        fail(`BYDAY=${entry} is not a day of the week.`);
      days.add(entry as WeekdayCode);
    }
    rule.byDay = WEEKDAY_CODES.filter((day) => days.has(day));
    return;
  }
  if (rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') {
    const match = entries.length === 1 ? /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(value) : null;
    if (!match) fail('BYDAY must be one nth weekday, such as 2TU or -1FR.');
    rule.byNthDay = { nth: Number(match[1]), day: match[2] as WeekdayCode };
    return;
  }
  fail('BYDAY goes with FREQ=WEEKLY, MONTHLY or YEARLY; for chosen weekdays use FREQ=WEEKLY.');
}

/** The rule written back in a fixed order, as it is stored. */
export function formatRecurrence(rule: Recurrence): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth !== null) parts.push(`BYMONTH=${rule.byMonth}`);
  if (rule.byMonthDay !== null) parts.push(`BYMONTHDAY=${rule.byMonthDay}`);
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.join(',')}`);
  if (rule.byNthDay) parts.push(`BYDAY=${rule.byNthDay.nth}${rule.byNthDay.day}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}

// Day arithmetic on YYYY-MM-DD, through UTC dates.

const DAY_MS = 86_400_000;

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDaysTo(day: string, days: number): string {
  return toDay(new Date(toDate(day).getTime() + days * DAY_MS));
}

/** 0 Monday … 6 Sunday. */
function weekdayIndex(day: string): number {
  return (toDate(day).getUTCDay() + 6) % 7;
}

export function weekdayOf(day: string): WeekdayCode {
  return WEEKDAY_CODES[weekdayIndex(day)]!;
}

function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

function daysInMonth(day: string): number {
  const date = toDate(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

function dayOfMonth(day: string): number {
  return Number(day.slice(8, 10));
}

function isNthWeekday(day: string, nth: NthWeekday): boolean {
  if (weekdayOf(day) !== nth.day) return false;
  const date = dayOfMonth(day);
  if (nth.nth === -1) return date + 7 > daysInMonth(day);
  return Math.ceil(date / 7) === nth.nth;
}

function matchesDayOfMonth(rule: Recurrence, start: string, day: string): boolean {
  if (rule.byNthDay) return isNthWeekday(day, rule.byNthDay);
  const wanted = rule.byMonthDay ?? dayOfMonth(start);
  if (wanted === -1) return dayOfMonth(day) === daysInMonth(day);
  return dayOfMonth(day) === wanted;
}

/** Whether the rule, first firing on `start`, fires on `day` (on or after `start`). */
function firesOn(rule: Recurrence, start: string, day: string): boolean {
  switch (rule.freq) {
    case 'DAILY':
      return daysBetween(start, day) % rule.interval === 0;
    case 'WEEKLY': {
      const days = rule.byDay.length > 0 ? rule.byDay : [weekdayOf(start)];
      if (!days.includes(weekdayOf(day))) return false;
      const weeks =
        daysBetween(addDaysTo(start, -weekdayIndex(start)), addDaysTo(day, -weekdayIndex(day))) / 7;
      return weeks % rule.interval === 0;
    }
    case 'MONTHLY':
      return (
        (monthIndex(day) - monthIndex(start)) % rule.interval === 0 && matchesDayOfMonth(rule, start, day)
      );
    case 'YEARLY': {
      const years = Number(day.slice(0, 4)) - Number(start.slice(0, 4));
      const month = rule.byMonth ?? Number(start.slice(5, 7));
      return (
        years % rule.interval === 0 &&
        Number(day.slice(5, 7)) === month &&
        matchesDayOfMonth(rule, start, day)
      );
    }
  }
}

/** How far ahead a rule is looked at: a yearly rule on 29 February every 4 years fires within it. */
const SEARCH_DAYS = 366 * 40;

/**
 * The first day after `after` on which the rule, first firing on `start`, fires again; null when it
 * never does (UNTIL passed, or no such day within 40 years). COUNT is the caller's: it knows how many
 * occurrences there were.
 */
export function nextOccurrence(rule: Recurrence, start: string, after: string): string | null {
  let day = addDaysTo(after < start ? addDaysTo(start, -1) : after, 1);
  for (let step = 0; step < SEARCH_DAYS; step++) {
    if (rule.until !== null && day > rule.until) return null;
    if (firesOn(rule, start, day)) return day;
    day = addDaysTo(day, 1);
  }
  return null;
}

const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const ORDINAL_WORDS: Record<number, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  [-1]: 'last',
};
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function dayOfMonthWords(rule: Recurrence, start: string): string {
  if (rule.byNthDay) return `the ${ORDINAL_WORDS[rule.byNthDay.nth]} ${WEEKDAY_NAMES[rule.byNthDay.day]}`;
  const day = rule.byMonthDay ?? dayOfMonth(start);
  return day === -1 ? 'the last day' : `day ${day}`;
}

function endWords(rule: Recurrence): string {
  if (rule.count !== null) return `, ${rule.count} times`;
  if (rule.until !== null) return `, until ${rule.until}`;
  return '';
}

/**
 * "Repeats every Monday", "Repeats every 2 weeks on Monday and Thursday", "Repeats every month on the
 * second Tuesday", "Repeats 3 days after completion": what the task page shows.
 */
export function describeRecurrence(rule: Recurrence, start: string, afterCompletion: boolean): string {
  const n = rule.interval;
  if (afterCompletion) return `Repeats ${n === 1 ? '1 day' : `${n} days`} after completion${endWords(rule)}`;
  let words: string;
  switch (rule.freq) {
    case 'DAILY':
      words = n === 1 ? 'every day' : `every ${n} days`;
      break;
    case 'WEEKLY': {
      const days = (rule.byDay.length > 0 ? rule.byDay : [weekdayOf(start)]).map((day) => WEEKDAY_NAMES[day]);
      words = n === 1 ? `every ${listOf(days)}` : `every ${n} weeks on ${listOf(days)}`;
      break;
    }
    case 'MONTHLY':
      words = `${n === 1 ? 'every month' : `every ${n} months`} on ${dayOfMonthWords(rule, start)}`;
      break;
    case 'YEARLY': {
      const month = MONTH_NAMES[(rule.byMonth ?? Number(start.slice(5, 7))) - 1];
      const on = rule.byNthDay
        ? `${dayOfMonthWords(rule, start)} of ${month}`
        : `${dayOfMonthWordsPlain(rule, start)} ${month}`;
      words = `${n === 1 ? 'every year' : `every ${n} years`} on ${on}`;
      break;
    }
  }
  return `Repeats ${words}${endWords(rule)}`;
}

function dayOfMonthWordsPlain(rule: Recurrence, start: string): string {
  const day = rule.byMonthDay ?? dayOfMonth(start);
  return day === -1 ? 'the last day of' : String(day);
}

/** Whether a rule is fit for "every N days after completion": only FREQ=DAILY with an INTERVAL. */
export function fitsAfterCompletion(rule: Recurrence): boolean {
  return rule.freq === 'DAILY';
}

/**
 * The due day of the occurrence after the one numbered `occurrence`, completed on `completedOn`:
 * N days after completion, or the rule's first day after both the due day and the completion day
 * (a late task does not make occurrences in the past). null: COUNT or UNTIL ends the series.
 */
export function nextDueDay(
  rule: Recurrence,
  series: { startsOn: string; afterCompletion: boolean; occurrence: number },
  dueOn: string | null,
  completedOn: string,
): string | null {
  if (rule.count !== null && series.occurrence >= rule.count) return null;
  if (series.afterCompletion) {
    const day = addDaysTo(completedOn, rule.interval);
    return rule.until !== null && day > rule.until ? null : day;
  }
  const after = dueOn !== null && dueOn > completedOn ? dueOn : completedOn;
  return nextOccurrence(rule, series.startsOn, after);
}
