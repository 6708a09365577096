// `relativeTime` of @figgle/shared in the reader's language. English keeps moment.js's wording, word
// for word ('a few seconds ago', 'in 2 days'); the other languages say the same amount through
// Intl.RelativeTimeFormat ('vor 5 Minuten', 'il y a 2 jours'), with the same thresholds.
import { relativeTime as englishRelativeTime } from '@figgle/shared/relative-time';
import { intlLocale } from './i18n/i18n';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** moment's average month, as in @figgle/shared/relative-time. */
const MONTH = (146097 / 4800) * DAY;
const YEAR = 12 * MONTH;

function amount(ms: number): [number, Intl.RelativeTimeFormatUnit] {
  const seconds = Math.round(ms / SECOND);
  if (seconds <= 44) return [seconds, 'second'];
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 45) return [Math.max(minutes, 1), 'minute'];
  const hours = Math.round(ms / HOUR);
  if (hours < 22) return [Math.max(hours, 1), 'hour'];
  const days = Math.round(ms / DAY);
  if (days < 26) return [Math.max(days, 1), 'day'];
  const months = Math.round(ms / MONTH);
  if (months < 11) return [Math.max(months, 1), 'month'];
  return [Math.max(Math.round(ms / YEAR), 1), 'year'];
}

let formats: { locale: string; auto: Intl.RelativeTimeFormat } | null = null;

/** 'a few seconds ago', 'vor 5 Minuten', 'dans 2 jours'…; '' for an unreadable date. */
export function relativeTime(date: Date | string | number, now: Date = new Date()): string {
  const locale = intlLocale();
  if (locale === 'en') return englishRelativeTime(date, now);
  const time = new Date(date).getTime();
  const reference = now.getTime();
  if (Number.isNaN(time) || Number.isNaN(reference)) return '';
  if (formats?.locale !== locale) {
    formats = { locale, auto: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }) };
  }
  const diff = time - reference;
  // As in English: a moment at or just past the clock is the page's clock lagging, 'just now'.
  if (diff >= 0 && diff < 44.5 * SECOND) return formats.auto.format(0, 'second');
  const [value, unit] = amount(Math.abs(diff));
  return formats.auto.format(diff > 0 ? value : -value, unit);
}
