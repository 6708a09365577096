import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfTask } from '../../../policies/authorize.ts';
import { announceDependents, DEPENDENTS_JSON } from '../dependents.ts';

/** Soft delete: the row stays, hidden from every list. */
export async function deleteTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId }: { taskId: string },
): Promise<void> {
  const { organizationId } = await organizationOfTask(db, taskId);
  await authorize(db, user, 'task.delete', organizationId, 'Task');
  await publishAfterCommit(
    bus,
    async () => {
      const now = new Date();
      const deleted = await db
        .updateTable('task')
        .set((eb) => ({
          deleted_at: now,
          updated_at: now,
          last_modified_by: user.user_id,
          version: eb('version', '+', 1),
        }))
        .where('task_id', '=', taskId)
        .where('deleted_at', 'is', null)
        // Its parent's progress and the marks of the tasks it blocked no longer count it.
        .returning(['project_id', 'status', DEPENDENTS_JSON.as('dependents')])
        .executeTakeFirst();
      // Deleted meanwhile by someone else.
      if (!deleted) throw notFound('Task');
      return deleted;
    },
    (deleted) => [
      {
        event: {
          kind: 'task',
          action: 'deleted',
          id: taskId,
          organizationId,
          projectId: deleted.project_id,
          taskId,
          status: deleted.status,
          actorId: user.user_id,
        },
      },
      ...announceDependents(deleted.dependents, organizationId, user.user_id),
    ],
  );
}
