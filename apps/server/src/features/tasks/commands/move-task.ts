import type { KanbanUpdateInput } from '@figgle/shared/task-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { announceTold } from '../../notifications/commands/record.ts';
import { announceUnblocked } from '../../notifications/commands/record-unblocked.ts';
import { announceChange, type ChangedTask, changeTask } from './change-task.ts';

/**
 * A drop on the board (POST /api/kanban-update): the task goes to `index` of the `status` column
 * (index counted without the task; null = the column's end, or no move when the status stays).
 * Status and rank change together; a status change writes its log row. One statement
 * (change-task.ts), the write made most often; it also answers whom the change told.
 */
export async function moveTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, status, index }: KanbanUpdateInput,
): Promise<ChangedTask> {
  const task = await publishAfterCommit(
    bus,
    () => changeTask(db, user, taskId, { status, index }, 'task.update'),
    // The task's event, then one for each person its log row told (the statement answered them).
    (task) => [...announceChange(task, user.user_id), ...announceTold(task.told, [task], user.user_id)],
  );
  await announceUnblocked({ db, bus }, task, user.user_id);
  return task;
}
