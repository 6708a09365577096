import type { RemarkableReason } from '@figgle/shared/dashboard-schemas';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { dayIn, daysBetween, dueDay } from '../../../ui/planning/due-date';

const DAY_MS = 86_400_000;

/** Why a task is listed, in a few words read at `now` in the viewer's time zone. */
export function reasonWords(reason: RemarkableReason, now: Date, timeZone?: string): string {
  switch (reason.kind) {
    case 'OVERDUE': {
      const late = daysBetween(dueDay(reason, timeZone) ?? dayIn(now, timeZone), dayIn(now, timeZone));
      if (late > 0) return t('dashboard.overdueBy', { count: late });
      const time = new Intl.DateTimeFormat(intlLocale(), { timeZone, hour: 'numeric', minute: '2-digit' });
      return reason.due_at
        ? t('dashboard.overdueSince', { time: time.format(new Date(reason.due_at)) })
        : t('dashboard.overdue');
    }
    case 'DOING_TOO_LONG':
      return t('dashboard.inDoingFor', {
        count: Math.floor((now.getTime() - Date.parse(reason.since)) / DAY_MS),
      });
    case 'MOST_COMMENTED':
      return t('dashboard.commentedLately', { count: reason.comments });
  }
}

/** The colour each reason wears. */
export const REASON_COLOURS: Record<RemarkableReason['kind'], string> = {
  OVERDUE: 'red',
  DOING_TOO_LONG: 'blue',
  MOST_COMMENTED: 'grape',
};
