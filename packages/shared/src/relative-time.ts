// Wording and thresholds of moment.js's fromNow() (docs/product.md#shared-widgets), so dates read as
// users of the original product know them. Unlike moment, months and years come from the elapsed
// milliseconds with moment's average month length, not from calendar months: the result then does not
// depend on the time zone, and the server and every browser agree.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** moment's average month: 146097 days per 400 years, 4800 months. */
const MONTH = (146097 / 4800) * DAY;
const YEAR = 12 * MONTH;

function elapsedWording(ms: number): string {
  const seconds = Math.round(ms / SECOND);
  if (seconds <= 44) return 'a few seconds';
  const minutes = Math.round(ms / MINUTE);
  if (minutes <= 1) return 'a minute';
  if (minutes < 45) return `${minutes} minutes`;
  const hours = Math.round(ms / HOUR);
  if (hours <= 1) return 'an hour';
  if (hours < 22) return `${hours} hours`;
  const days = Math.round(ms / DAY);
  if (days <= 1) return 'a day';
  if (days < 26) return `${days} days`;
  const months = Math.round(ms / MONTH);
  if (months <= 1) return 'a month';
  if (months < 11) return `${months} months`;
  const years = Math.round(ms / YEAR);
  if (years <= 1) return 'a year';
  return `${years} years`;
}

/**
 * 'a few seconds ago', '5 minutes ago', 'in 2 days'… An unreadable date gives '' so a bad value
 * shows nothing rather than breaking the screen. What the app dates this way has happened (a
 * comment, a change, an event): a time at the clock or up to 44 s past it is the page's clock lagging
 * the server's, or a clock refreshed every 30 s, and reads 'just now', never 'in a few seconds'.
 */
export function relativeTime(date: Date | string | number, now: Date = new Date()): string {
  const time = new Date(date).getTime();
  const reference = now.getTime();
  if (Number.isNaN(time) || Number.isNaN(reference)) return '';
  const diff = time - reference;
  if (diff >= 0 && diff < 44.5 * SECOND) return 'just now';
  const wording = elapsedWording(Math.abs(diff));
  return diff > 0 ? `in ${wording}` : `${wording} ago`;
}
