import { intlLocale } from '../../../../lib/i18n/i18n';
import { type DueFields, dueDay, localInstant, localTime } from '../../../../ui/planning/due-date';

/** A month as YYYY-MM; a day as YYYY-MM-DD. */
type Month = string;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function toDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function utcDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function parts(month: Month): [year: number, monthIndex: number] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return [year, monthNumber - 1];
}

/** The month `by` months after `month` (before, when negative). */
export function shiftMonth(month: Month, by: number): Month {
  const [year, monthIndex] = parts(month);
  return toDay(utcDate(year, monthIndex + by, 1)).slice(0, 7);
}

/**
 * The weeks shown for a month, Monday first (as the dashboard counts weeks): from the Monday on or
 * before its first day to the Sunday on or after its last, so 4 to 6 rows of 7 days.
 */
export function monthWeeks(month: Month): string[][] {
  const [year, monthIndex] = parts(month);
  const first = utcDate(year, monthIndex, 1);
  const start = utcDate(year, monthIndex, 1 - ((first.getUTCDay() + 6) % 7));
  const last = utcDate(year, monthIndex + 1, 0);
  const weeks: string[][] = [];
  const day = start;
  while (day <= last || weeks.length === 0 || weeks.at(-1)!.length < 7) {
    if (weeks.length === 0 || weeks.at(-1)!.length === 7) weeks.push([]);
    weeks.at(-1)!.push(toDay(day));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return weeks;
}

/** 'November 2026'. */
export function monthTitle(month: Month): string {
  const [year, monthIndex] = parts(month);
  return new Intl.DateTimeFormat(intlLocale(), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    utcDate(year, monthIndex, 1),
  );
}

/** 'Wednesday, November 25, 2026', for screen readers and announcements. */
export function dayTitle(day: string): string {
  const [year, monthNumber, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(), {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(utcDate(year, monthNumber - 1, date));
}

/** Tasks by the day they are due in the viewer's time zone, each day in the order given. */
export function tasksByDay<Task extends DueFields>(
  tasks: readonly Task[],
  timeZone?: string,
): Map<string, Task[]> {
  const byDay = new Map<string, Task[]>();
  for (const task of tasks) {
    const day = dueDay(task, timeZone);
    if (day === null) continue;
    const list = byDay.get(day);
    if (list) list.push(task);
    else byDay.set(day, [task]);
  }
  return byDay;
}

/**
 * The due date a task gets when dropped on `day`: that day, at the same time of day on the viewer's
 * clock when it had a time, else the day alone.
 */
export function dueMovedTo(due: DueFields, day: string): DueFields {
  if (due.due_at) return { due_on: null, due_at: localInstant(day, localTime(due)) };
  return { due_on: day, due_at: null };
}
