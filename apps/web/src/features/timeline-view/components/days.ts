// Days as whole numbers (days since 1970-01-01), so the axis is plain arithmetic and no time zone
// or daylight-saving change shifts a bar.

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

const longFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "3 Feb 2027". */
export function longDay(day: number): string {
  return longFormat.format(new Date(day * DAY_MS));
}

/** "3 Feb". */
export function shortDay(day: number): string {
  return shortFormat.format(new Date(day * DAY_MS));
}

/** "Feb 2027". */
export function monthName(day: number): string {
  return monthFormat.format(new Date(day * DAY_MS));
}

/** The day of the month (1–31) and the month (0–11) of a day number. */
export function dateParts(day: number): { date: number; month: number; year: number } {
  const at = new Date(day * DAY_MS);
  return { date: at.getUTCDate(), month: at.getUTCMonth(), year: at.getUTCFullYear() };
}
