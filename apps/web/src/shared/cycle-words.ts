// How cycles are named on screen, in the reader's language: @figgle/shared/cycle-words' English
// ("Cycle 3 · Launch", "1 Dec – 14 Dec") for English, the same shapes through the catalogue and Intl
// for the others.
import { intlLocale, t } from '../lib/i18n/i18n';

/** "Cycle 3" or "Cycle 3 · Launch". */
export function cycleName(cycle: { number: number; name: string | null }): string {
  return cycle.name
    ? t('shared.cycleNamed', { number: cycle.number, name: cycle.name })
    : t('shared.cycleNumber', { number: cycle.number });
}

let dayMonth: { locale: string; format: Intl.DateTimeFormat } | null = null;

function day(date: string): string {
  const locale = intlLocale();
  if (dayMonth?.locale !== locale) {
    // English days as the shared package writes them: "1 Dec", not "Dec 1".
    const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    dayMonth = { locale, format };
  }
  return dayMonth.format.format(new Date(`${date}T00:00:00Z`));
}

/** "1 Dec – 14 Dec". */
export function cycleDates(cycle: { start_date: string; end_date: string }): string {
  return `${day(cycle.start_date)} – ${day(cycle.end_date)}`;
}
