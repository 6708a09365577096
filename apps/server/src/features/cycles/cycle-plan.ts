import { addDays, weekStartOnOrAfter, weekStartOnOrBefore } from '@figgle/shared/cycle-dates';
import { CYCLES_AHEAD } from '@figgle/shared/cycle-schemas';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/** Closing one ended cycle: its unfinished tasks move to the next (cycle-rollover-job.ts). */
export const CYCLE_ROLLOVER_JOB = 'cycle_rollover';

export interface CycleSettings {
  weeks: number;
  week_start: number;
}

interface PlannedCycle {
  cycle_id: string;
  number: number;
  starts_on: string;
  ends_on: string;
}

/**
 * Where the cycle after `last` starts: on the first chosen week day on or after `last` ends, or, when
 * that cycle would be over already (cycles were off for a while), on the chosen day of this week.
 */
function nextStart(last: { ends_on: string } | undefined, settings: CycleSettings, today: string): string {
  const thisWeek = weekStartOnOrBefore(today, settings.week_start);
  if (!last) return thisWeek;
  const after = weekStartOnOrAfter(last.ends_on, settings.week_start);
  return addDays(after, settings.weeks * 7) <= today ? thisWeek : after;
}

/**
 * Keeps a project's cycles ready (docs/product.md#cycles): a cycle not ended yet, and CYCLES_AHEAD
 * cycles not started yet, each with its rollover job. Cycles not started yet follow the settings of
 * now (a new length or first day applies from the next cycle); started ones keep their dates.
 * Runs inside the caller's transaction, after it locked the project's cycle_setting row, so two
 * callers never number the same cycle.
 */
export async function planCycles(
  trx: Transaction<Database>,
  place: { projectId: string; organizationId: string },
  settings: CycleSettings,
  today: string,
): Promise<void> {
  const rows: PlannedCycle[] = await trx
    .selectFrom('cycle')
    .select([
      'cycle_id',
      'number',
      sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on'),
    ])
    .where('project_id', '=', place.projectId)
    .orderBy('number')
    .execute();

  const planned: PlannedCycle[] = [];
  for (const row of rows) {
    if (row.starts_on <= today) {
      planned.push(row);
      continue;
    }
    const starts_on = nextStart(planned.at(-1), settings, today);
    const ends_on = addDays(starts_on, settings.weeks * 7);
    if (starts_on !== row.starts_on || ends_on !== row.ends_on) {
      await trx
        .updateTable('cycle')
        .set({ starts_on, ends_on })
        .where('cycle_id', '=', row.cycle_id)
        .execute();
    }
    planned.push({ ...row, starts_on, ends_on });
  }

  const notEnded = () => planned.some((cycle) => cycle.ends_on > today);
  const ahead = () => planned.filter((cycle) => cycle.starts_on > today).length;
  while (!notEnded() || ahead() < CYCLES_AHEAD) {
    const last = planned.at(-1);
    const starts_on = nextStart(last, settings, today);
    const ends_on = addDays(starts_on, settings.weeks * 7);
    const number = (last?.number ?? 0) + 1;
    const made = await trx
      .insertInto('cycle')
      .values({ project_id: place.projectId, number, starts_on, ends_on })
      .returning('cycle_id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, {
      kind: CYCLE_ROLLOVER_JOB,
      organizationId: place.organizationId,
      dedupeKey: made.cycle_id,
      payload: { cycleId: made.cycle_id },
    });
    planned.push({ cycle_id: made.cycle_id, number, starts_on, ends_on });
  }
}
