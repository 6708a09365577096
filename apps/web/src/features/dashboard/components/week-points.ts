import type { DashboardView } from '@figgle/shared/dashboard-schemas';

export interface WeekPoint {
  /** 'Mar 3': the week's Monday. */
  label: string;
  created: number;
  completed: number;
}

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function weekPoints(weeks: DashboardView['weeks']): WeekPoint[] {
  return weeks.map((week) => ({
    label: dayMonth.format(new Date(`${week.week_start}T00:00:00Z`)),
    created: week.created,
    completed: week.completed,
  }));
}
