import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { inOneBatch, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { authorize, organizationOfTask } from '../../../policies/authorize.ts';
import { announceDeletions, deleteTaskIn, type TaskDeletion } from './delete-task.ts';

/**
 * The list's bulk delete: each task deleted as DELETE /api/tasks/:id deletes it (its sub-tasks kept,
 * at the top level), all in one transaction, so a task the person may not delete (another
 * organization's: 404) or one already gone refuses the whole delete and nothing is deleted. Each
 * deleted task gets its own bus event after the commit, all of them one batch (one frame a socket).
 */
export async function bulkDeleteTasks(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskIds }: { taskIds: readonly string[] },
): Promise<number> {
  // In task id order, so two bulk deletes over the same tasks lock them in the same order.
  const ordered = [...taskIds].sort();
  const deletions = await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const done: TaskDeletion[] = [];
        for (const taskId of ordered) {
          const { organizationId } = await organizationOfTask(trx, taskId);
          await authorize(trx, user, 'task.delete', organizationId, 'Task');
          done.push(await deleteTaskIn(trx, user, organizationId, taskId, 'keep'));
        }
        return done;
      }),
    (done) => inOneBatch(announceDeletions(done, user.user_id)),
  );
  return deletions.length;
}
