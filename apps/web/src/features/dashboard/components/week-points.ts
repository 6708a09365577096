import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { intlLocale } from '../../../lib/i18n/i18n';

export interface WeekPoint {
  /** 'Mar 3': the week's Monday. */
  label: string;
  created: number;
  completed: number;
}

export function weekPoints(weeks: DashboardView['weeks']): WeekPoint[] {
  const dayMonth = new Intl.DateTimeFormat(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return weeks.map((week) => ({
    label: dayMonth.format(new Date(`${week.week_start}T00:00:00Z`)),
    created: week.created,
    completed: week.completed,
  }));
}
