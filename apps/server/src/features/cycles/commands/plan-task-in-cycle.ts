import type { Transaction } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import {
  type LockedTaskPlan,
  lockTaskToPlan,
  writeTaskPlanLink,
} from '../../../commands/task-field-writes.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';

const OTHER_PROJECT = "This is not a cycle of the task's project.";

/**
 * Inside the caller's transaction: plans a task into a cycle of its own project, or takes it out
 * (null), with a CYCLE log line naming both sides. A cycle of another project, of another
 * organization or that does not exist is the same 400, so nothing about other organizations leaks.
 * Setting the cycle it has writes nothing. The task page's PUT and the list's bulk change both use it.
 */
export async function planTaskInCycle(
  trx: Transaction<Database>,
  user: CurrentUser,
  taskId: string,
  cycleId: string | null,
): Promise<LockedTaskPlan & { changed: boolean }> {
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
    throw badRequest(OTHER_PROJECT, [{ path: 'body.cycle_id', message: 'is not a cycle of this project' }]);
  }
  await writeTaskPlanLink(trx, user, task, {
    column: 'cycle_id',
    value: cycleId,
    logType: 'CYCLE',
    metadata: { cycle: { old, new: next } },
  });
  return { ...task, cycleId, changed: true };
}
