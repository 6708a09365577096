import { nextDueDay, parseRecurrence } from '@figgle/shared/recurrence';
import { dueDayOf } from './presenter.ts';
import { dayIn, instantAt, wallClockAt } from './zoned-time.ts';

interface Series {
  rrule: string;
  after_completion: boolean;
  starts_on: string;
  occurrence: number;
  time_zone: string;
}

/**
 * The due date of the occurrence after a task completed at `completedAt`: a day when the task is due
 * on a day, an instant at the same wall-clock time in the organization's zone when it is due at a
 * time (09:00 stays 09:00 across a daylight-saving change). null: COUNT or UNTIL ended the series.
 */
export function nextDueOf(
  series: Series,
  task: { due_on: string | null; due_at: Date | null },
  completedAt: Date,
): { dueOn: string | null; dueAt: string | null } | null {
  const zone = series.time_zone;
  const day = nextDueDay(
    parseRecurrence(series.rrule),
    { startsOn: series.starts_on, afterCompletion: series.after_completion, occurrence: series.occurrence },
    dueDayOf({ due_on: task.due_on, due_at: task.due_at, time_zone: zone }),
    dayIn(completedAt, zone),
  );
  if (day === null) return null;
  if (!task.due_at) return { dueOn: day, dueAt: null };
  return { dueOn: null, dueAt: instantAt(day, wallClockAt(task.due_at, zone).time, zone).toISOString() };
}
