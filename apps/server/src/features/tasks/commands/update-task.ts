import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { announceChangeNotifications } from '../../notifications/commands/record.ts';
import { announceChange, type ChangedTask, changeTask } from './change-task.ts';

/**
 * PATCH of a task's title, status, assignee, due date or priority: one log row carrying the old and new value of each
 * changed field, a new version, updated_at and last_modifier. A task whose status changes goes to
 * the end of its new column. Values already the task's change nothing.
 */
export async function updateTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, changes }: { taskId: string; changes: UpdateTaskInput },
): Promise<ChangedTask> {
  const since = new Date();
  const task = await publishAfterCommit(
    bus,
    () =>
      changeTask(
        db,
        user,
        taskId,
        {
          title: changes.title,
          status: changes.status,
          assigneeId: changes.assignee_id,
          dueOn: changes.due_on,
          dueAt: changes.due_at,
          priority: changes.priority,
        },
        'task.update',
      ),
    (task) => announceChange(task, user.user_id),
  );
  await announceChangeNotifications({ db, bus }, task, user.user_id, since);
  return task;
}
