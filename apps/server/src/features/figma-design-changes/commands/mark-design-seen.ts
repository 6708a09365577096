import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';

/**
 * The assignee opened the task: what they see now is the newest render of each linked design, and
 * "Design changed" goes away. Anyone else opening it changes nothing (the mark is the assignee's).
 */
export async function markDesignSeen(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId }: { taskId: string },
): Promise<void> {
  const place = await authorizeOnTask(db, user, 'task.read', taskId);
  await publishAfterCommit(
    bus,
    async () => {
      const cleared = await db
        .updateTable('task_figma_node as link')
        .set((eb) => ({
          seen_sha256: eb.ref('link.latest_sha256'),
          seen_version_id: eb.ref('link.latest_version_id'),
          design_changed_at: null,
        }))
        .where('link.task_id', '=', taskId)
        .where('link.design_changed_at', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('task')
              .select('task.task_id')
              .whereRef('task.task_id', '=', 'link.task_id')
              .where('task.assignee_id', '=', user.user_id),
          ),
        )
        .executeTakeFirst();
      return Number(cleared.numUpdatedRows) > 0;
    },
    (changed) =>
      changed
        ? {
            event: {
              kind: 'task',
              action: 'updated',
              id: taskId,
              organizationId: place.organizationId,
              projectId: place.projectId,
              taskId,
              actorId: user.user_id,
            },
          }
        : null,
  );
}
