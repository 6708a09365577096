import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import { CYCLE_ROLLOVER_JOB, planCycles } from '../cycle-plan.ts';

/** A cycle of an imported file, by its key in the file. */
export interface CycleToImport {
  key: string;
  number: number;
  name: string | null;
  startsOn: string;
  /** The day after its last. */
  endsOn: string;
  closedAt: string | null;
  finalScope: number | null;
  finalDone: number | null;
  finalScopePoints: number | null;
  finalDonePoints: number | null;
}

export interface CycleSettingsToImport {
  enabled: boolean;
  weeks: number;
  weekStart: number;
}

/**
 * Inside an import's transaction (docs/product.md#import): a project that never planned in cycles
 * takes the file's settings; a project without cycles takes the file's cycles as they were (numbers,
 * days, names, and the final figures of closed ones; each open one gets its rollover job), then the
 * current and next cycles are made as the settings say. A project that has cycles keeps them, and a
 * cycle of the file stands for the project's cycle with the same days. Running it again finds what
 * the first run made. Answers the project's cycle id by file key; a cycle with no match is not in it.
 */
export async function importCycles(
  trx: Transaction<Database>,
  place: { projectId: string; organizationId: string },
  { settings, cycles }: { settings: CycleSettingsToImport | null; cycles: readonly CycleToImport[] },
  today: string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (!settings && cycles.length === 0) return ids;
  // As the settings route: the project row locked, so two writers never number the same cycle.
  await trx
    .selectFrom('project')
    .select('project_id')
    .where('project_id', '=', place.projectId)
    .forUpdate()
    .executeTakeFirst();
  const existing = await trx
    .selectFrom('cycle')
    .select([
      'cycle_id',
      sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on'),
    ])
    .where('project_id', '=', place.projectId)
    .execute();
  if (existing.length === 0) {
    for (const cycle of cycles) {
      const { cycle_id } = await trx
        .insertInto('cycle')
        .values({
          project_id: place.projectId,
          number: cycle.number,
          name: cycle.name,
          starts_on: cycle.startsOn,
          ends_on: cycle.endsOn,
          closed_at: cycle.closedAt ? new Date(cycle.closedAt) : null,
          final_scope: cycle.finalScope,
          final_done: cycle.finalDone,
          final_scope_points: cycle.finalScopePoints,
          final_done_points: cycle.finalDonePoints,
        })
        .returning('cycle_id')
        .executeTakeFirstOrThrow();
      if (!cycle.closedAt)
        await enqueueJob(trx, {
          kind: CYCLE_ROLLOVER_JOB,
          organizationId: place.organizationId,
          dedupeKey: cycle_id,
          payload: { cycleId: cycle_id },
        });
      ids.set(cycle.key, cycle_id);
    }
  } else {
    const byDays = new Map(existing.map((row) => [`${row.starts_on} ${row.ends_on}`, row.cycle_id]));
    for (const cycle of cycles) {
      const found = byDays.get(`${cycle.startsOn} ${cycle.endsOn}`);
      if (found) ids.set(cycle.key, found);
    }
  }
  if (settings) {
    await trx
      .insertInto('cycle_setting')
      .values({
        project_id: place.projectId,
        enabled: settings.enabled,
        weeks: settings.weeks,
        week_start: settings.weekStart,
      })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
  }
  const kept = await trx
    .selectFrom('cycle_setting')
    .select(['enabled', 'weeks', 'week_start'])
    .where('project_id', '=', place.projectId)
    .executeTakeFirst();
  if (kept?.enabled) await planCycles(trx, place, { weeks: kept.weeks, week_start: kept.week_start }, today);
  return ids;
}
