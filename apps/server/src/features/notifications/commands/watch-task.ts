import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { authorizeWatching } from '../../../policies/notifications.ts';

/**
 * The signed-in person watches the task again, or stops: an explicit choice, kept (a later comment
 * or assignment does not undo "stop watching"; a mention does). Only they see the difference, on
 * their own task page, so no event goes out.
 */
export async function setWatching(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { taskId, watching }: { taskId: string; watching: boolean },
): Promise<void> {
  await authorizeWatching(db, user, taskId);
  await db
    .insertInto('task_watcher')
    .values({ task_id: taskId, user_id: user.user_id, reason: 'manual', watching })
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet({ watching }))
    .execute();
}
