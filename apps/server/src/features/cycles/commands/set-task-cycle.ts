import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { lockTaskToPlan, writeTaskPlanLink } from '../../../commands/task-field-writes.ts';
import { badRequest } from '../../../http/errors.ts';

const OTHER_PROJECT = "This is not a cycle of the task's project.";

/**
 * Plans a task into a cycle of its own project, or takes it out (null), with a CYCLE log line naming
 * both sides. A cycle of another project, of another organization or that does not exist is the same
 * 400, so nothing about other organizations leaks. Setting the cycle it has changes nothing.
 */
export async function setTaskCycle(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, cycleId }: { taskId: string; cycleId: string | null },
): Promise<void> {
  await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const task = await lockTaskToPlan(trx, user, taskId);
        if (task.cycleId === cycleId) return { ...task, changed: false };
        // Both sides by number and name, read in the task's own project.
        const named = await trx
          .selectFrom('cycle')
          .select(['cycle_id', 'number', 'name'])
          .where('project_id', '=', task.projectId)
          .where(
            'cycle_id',
            'in',
            [task.cycleId, cycleId].filter((id): id is string => id !== null),
          )
          .execute();
        const old = named.find((cycle) => cycle.cycle_id === task.cycleId) ?? null;
        const next = named.find((cycle) => cycle.cycle_id === cycleId) ?? null;
        if (cycleId && !next) {
          throw badRequest(OTHER_PROJECT, [
            { path: 'body.cycle_id', message: 'is not a cycle of this project' },
          ]);
        }
        await writeTaskPlanLink(trx, user, task, {
          column: 'cycle_id',
          value: cycleId,
          logType: 'CYCLE',
          metadata: { cycle: { old, new: next } },
        });
        return { ...task, changed: true };
      }),
    (written) => (written.changed ? taskUpdated(written, user.user_id) : null),
  );
}
