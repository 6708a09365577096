import { addDays, dayOf } from '@figgle/shared/cycle-dates';
import type { CycleView } from '@figgle/shared/cycle-schemas';
import type { CycleRow } from './queries.ts';

export function presentCycle(row: CycleRow, now: Date): CycleView {
  const today = dayOf(now);
  const state = row.ends_on <= today ? 'past' : row.starts_on <= today ? 'current' : 'next';
  return {
    cycle_id: row.cycle_id,
    project_id: row.project_id,
    number: row.number,
    name: row.name,
    start_date: row.starts_on,
    end_date: addDays(row.ends_on, -1),
    state,
    closed_at: row.closed_at ? row.closed_at.toISOString() : null,
    tasks: { done: row.done, total: row.scope },
    points: row.estimate_scale === 'points' ? { done: row.done_points, total: row.scope_points } : null,
  };
}
