import { describeRecurrence, nextDueDay, parseRecurrence } from '@figgle/shared/recurrence';
import type { RecurrenceView } from '@figgle/shared/recurrence-schemas';
import type { RecurrenceRow } from './queries.ts';
import { dayIn } from './zoned-time.ts';

/** A task's due day in its organization's time zone: its due day, or the day of its due instant. */
export function dueDayOf(row: Pick<RecurrenceRow, 'due_on' | 'due_at' | 'time_zone'>): string | null {
  if (row.due_on) return row.due_on;
  return row.due_at ? dayIn(row.due_at, row.time_zone) : null;
}

/** What the task page shows: the rule, its words, and the due day of the next one if completed now. */
export function presentRecurrence(row: RecurrenceRow, now: Date): RecurrenceView {
  const rule = parseRecurrence(row.rrule);
  return {
    task_id: row.task_id,
    rrule: row.rrule,
    after_completion: row.after_completion,
    starts_on: row.starts_on,
    occurrence: row.occurrence,
    words: describeRecurrence(rule, row.starts_on, row.after_completion),
    next_due_on: nextDueDay(
      rule,
      { startsOn: row.starts_on, afterCompletion: row.after_completion, occurrence: row.occurrence },
      dueDayOf(row),
      dayIn(now, row.time_zone),
    ),
    time_zone: row.time_zone,
  };
}
