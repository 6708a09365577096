import { cycleEndInstant, dayOf } from '@figgle/shared/cycle-dates';
import type { LogMetadata } from '@figgle/shared/log-type';
import { sql } from 'kysely';
import { logRow } from '../../commands/log-rows.ts';
import { publishAfterTransaction } from '../../commands/publish-after-commit.ts';
import { DeferJob } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { liveCycleFigures } from './cycle-figures.ts';
import { CYCLE_ROLLOVER_JOB, planCycles } from './cycle-plan.ts';

/**
 * The rollover of one cycle (docs/product.md#cycles), stored with the cycle by cycle-plan.ts. Until
 * the cycle ends it waits; then, in one transaction, it writes the cycle's final figures and
 * closed_at, moves each unfinished task to the next cycle not ended yet with a CYCLE log line, and
 * marks itself done. A crash before the commit leaves nothing: the job's lease runs out and the work
 * is done again from the start; a second run finds the cycle closed and does nothing. Cycles turned
 * off: the cycle is closed with its figures and its tasks stay.
 */
export const cycleRolloverHandler: JobHandler = {
  kind: CYCLE_ROLLOVER_JOB,
  async run({ deps, job, completeIn }) {
    const cycleId = String(job.payload.cycleId);
    const cycle = await deps.db
      .selectFrom('cycle')
      .select(['closed_at', sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on')])
      .where('cycle_id', '=', cycleId)
      .executeTakeFirst();
    if (!cycle || cycle.closed_at) return;
    const endsAt = cycleEndInstant(cycle.ends_on).getTime();
    if (deps.clock.now().getTime() < endsAt) {
      // The claim compares run_at with the database's now() plus the clock's lead (jobs/clock.ts), so
      // the wait is counted from the real time: the job is due when the server's clock reaches the end.
      const realNow = deps.clock.now().getTime() - deps.clock.aheadMs();
      throw new DeferJob(Math.max(1000, endsAt - realNow), 'The cycle has not ended yet.');
    }
    await publishAfterTransaction(
      deps,
      async (trx) => {
        const locked = await trx
          .selectFrom('cycle')
          .innerJoin('project', 'project.project_id', 'cycle.project_id')
          .leftJoin('cycle_setting', 'cycle_setting.project_id', 'cycle.project_id')
          .select([
            'cycle.project_id',
            'cycle.number',
            'cycle.name',
            'cycle.closed_at',
            'project.organization_id',
            'cycle_setting.enabled',
            'cycle_setting.weeks',
            'cycle_setting.week_start',
          ])
          .where('cycle.cycle_id', '=', cycleId)
          // A deleted project's cycles are left as they are, and its chain of rollovers ends.
          .where('project.deleted_at', 'is', null)
          .forUpdate('cycle')
          .executeTakeFirst();
        if (!locked || locked.closed_at) {
          await completeIn(trx);
          return { moved: [] as string[], organizationId: '', projectId: '' };
        }
        // One writer of the project's cycles at a time (the settings take the same row).
        await trx
          .selectFrom('cycle_setting')
          .select('project_id')
          .where('project_id', '=', locked.project_id)
          .forUpdate()
          .execute();
        const place = { projectId: locked.project_id, organizationId: locked.organization_id };
        const today = dayOf(deps.clock.now());
        const figures = await liveCycleFigures(trx, cycleId);
        await trx
          .updateTable('cycle')
          .set({
            closed_at: deps.clock.now(),
            final_scope: figures.scope,
            final_done: figures.done,
            final_scope_points: figures.scope_points,
            final_done_points: figures.done_points,
          })
          .where('cycle_id', '=', cycleId)
          .execute();

        let moved: string[] = [];
        if (locked.enabled && locked.weeks !== null && locked.week_start !== null) {
          await planCycles(trx, place, { weeks: locked.weeks, week_start: locked.week_start }, today);
          const next = await trx
            .selectFrom('cycle')
            .select(['cycle_id', 'number', 'name'])
            .where('project_id', '=', locked.project_id)
            .where('number', '>', locked.number)
            .where('ends_on', '>', today)
            .orderBy('number')
            .limit(1)
            .executeTakeFirstOrThrow();
          const rows = await trx
            .updateTable('task')
            .set((eb) => ({
              cycle_id: next.cycle_id,
              version: eb('version', '+', 1),
              updated_at: new Date(),
            }))
            .where('cycle_id', '=', cycleId)
            .where('deleted_at', 'is', null)
            .where('status_category', 'not in', ['done', 'canceled'])
            .returning('task_id')
            .execute();
          moved = rows.map((row) => row.task_id);
          const metadata: LogMetadata = {
            cycle: {
              old: { cycle_id: cycleId, number: locked.number, name: locked.name },
              new: next,
            },
            rollover: true,
          };
          if (moved.length > 0) {
            await trx
              .insertInto('log')
              .values(moved.map((taskId) => logRow({ ...place, taskId }, null, 'CYCLE', metadata)))
              .execute();
          }
        }
        await completeIn(trx);
        return { moved, ...place };
      },
      (written) =>
        written.moved.map((taskId) => ({
          event: {
            kind: 'task' as const,
            action: 'updated' as const,
            id: taskId,
            organizationId: written.organizationId,
            projectId: written.projectId,
            taskId,
            actorId: null,
          },
        })),
    );
  },
};
