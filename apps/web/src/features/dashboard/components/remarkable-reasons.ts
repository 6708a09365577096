import type { RemarkableReason } from '@figgle/shared/dashboard-schemas';
import { dayIn, daysBetween, dueDay } from '../../../ui/planning/due-date';

const DAY_MS = 86_400_000;
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Why a task is listed, in a few words read at `now` in the viewer's time zone. */
export function reasonWords(reason: RemarkableReason, now: Date, timeZone?: string): string {
  switch (reason.kind) {
    case 'OVERDUE': {
      const late = daysBetween(dueDay(reason, timeZone) ?? dayIn(now, timeZone), dayIn(now, timeZone));
      if (late > 0) return `Overdue by ${days(late)}`;
      const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
      return reason.due_at ? `Overdue since ${time.format(new Date(reason.due_at))}` : 'Overdue';
    }
    case 'DOING_TOO_LONG':
      return `In Doing for ${days(Math.floor((now.getTime() - Date.parse(reason.since)) / DAY_MS))}`;
    case 'MOST_COMMENTED':
      return `${reason.comments} comments in the last 7 days`;
  }
}

/** The colour each reason wears. */
export const REASON_COLOURS: Record<RemarkableReason['kind'], string> = {
  OVERDUE: 'red',
  DOING_TOO_LONG: 'blue',
  MOST_COMMENTED: 'grape',
};
