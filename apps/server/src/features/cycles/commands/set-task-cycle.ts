import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { planTaskInCycle } from './plan-task-in-cycle.ts';

/**
 * Plans a task into a cycle of its own project, or takes it out (null): planTaskInCycle in its own
 * transaction, then the task's event when something changed.
 */
export async function setTaskCycle(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, cycleId }: { taskId: string; cycleId: string | null },
): Promise<void> {
  await publishAfterTransaction(
    { db, bus },
    (trx) => planTaskInCycle(trx, user, taskId, cycleId),
    (written) => (written.changed ? taskUpdated(written, user.user_id) : null),
  );
}
