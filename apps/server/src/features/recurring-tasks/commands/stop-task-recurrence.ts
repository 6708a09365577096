import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockTaskToPlan } from '../../../commands/task-field-writes.ts';

/**
 * Stops a task's repetition (DELETE /api/tasks/:taskId/recurrence): no next occurrence is made when
 * it is completed. Stopping a task that does not repeat changes nothing.
 */
export async function stopTaskRecurrence(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId }: { taskId: string },
): Promise<void> {
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const task = await lockTaskToPlan(trx, user, taskId);
      const removed = await trx
        .deleteFrom('task_recurrence')
        .where('task_id', '=', taskId)
        .executeTakeFirst();
      return { ...task, changed: removed.numDeletedRows > 0n };
    },
    (written) => (written.changed ? taskUpdated(written, user.user_id) : null),
  );
}
