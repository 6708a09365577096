// "Repeats every Monday" in the reader's language, built from the stored rule (the server's `words`
// stay English for the API). English reads exactly as describeRecurrence of @figgle/shared.
import { type Recurrence, WEEKDAY_CODES, type WeekdayCode, weekdayOf } from '@figgle/shared/recurrence';
import { intlLocale, t } from '../../../lib/i18n/i18n';

/** A weekday's full name: 2024-01-01 was a Monday. */
function weekday(day: WeekdayCode): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAY_CODES.indexOf(day)));
  return new Intl.DateTimeFormat(intlLocale(), { weekday: 'long', timeZone: 'UTC' }).format(date);
}

function monthName(month: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, 1)),
  );
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  // English as the shared words read ('Monday, Tuesday and Friday'); the others by their own rules.
  if (intlLocale() === 'en') return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(words);
}

function ending(rule: Recurrence): string {
  if (rule.count !== null) return t('wave2.repeatEndCount', { count: String(rule.count) });
  if (rule.until !== null) {
    const until =
      intlLocale() === 'en'
        ? rule.until
        : new Date(`${rule.until}T00:00:00Z`).toLocaleDateString(intlLocale(), {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          });
    return t('wave2.repeatEndUntil', { date: until });
  }
  return '';
}

/** The day of the month it fires on: "the second Tuesday", "day 15", "the last day". */
function dayWords(rule: Recurrence, start: string): string {
  if (rule.byNthDay)
    return t('wave2.repeatNthWeekday', {
      nth: String(rule.byNthDay.nth),
      weekday: weekday(rule.byNthDay.day),
    });
  const day = rule.byMonthDay ?? Number(start.slice(8, 10));
  return day === -1 ? t('wave2.repeatLastDay') : t('wave2.repeatDayNumber', { day: String(day) });
}

/** "Repeats every Monday", "Repeats every 2 weeks on Monday and Thursday", "Repeats 3 days after completion"… */
export function recurrenceWords(rule: Recurrence, start: string, afterCompletion: boolean): string {
  const count = rule.interval;
  const end = ending(rule);
  if (afterCompletion) return t('wave2.repeatAfterCompletion', { count, end });
  switch (rule.freq) {
    case 'DAILY':
      return t('wave2.repeatDaily', { count, end });
    case 'WEEKLY': {
      const days = (rule.byDay.length > 0 ? rule.byDay : [weekdayOf(start)]).map(weekday);
      return t('wave2.repeatWeekly', { count, days: list(days), end });
    }
    case 'MONTHLY':
      return t('wave2.repeatMonthly', { count, day: dayWords(rule, start), end });
    case 'YEARLY': {
      const monthNumber = rule.byMonth ?? Number(start.slice(5, 7));
      const month = monthName(monthNumber);
      const day = rule.byMonthDay ?? Number(start.slice(8, 10));
      const on = rule.byNthDay
        ? t('wave2.repeatYearlyNth', { day: dayWords(rule, start), month, monthNumber: String(monthNumber) })
        : day === -1
          ? t('wave2.repeatYearlyLastDay', { month, monthNumber: String(monthNumber) })
          : t('wave2.repeatYearlyDay', { day: String(day), month });
      return t('wave2.repeatYearly', { count, on, end });
    }
  }
}
