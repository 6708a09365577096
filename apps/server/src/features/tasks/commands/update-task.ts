import { deriveLogType, type LogMetadata } from '@figgle/shared/log-type';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus, TaskUpdate } from '../../../db/schema.ts';
import { lockTaskFor } from '../access.ts';
import { assertAssignable } from '../assignee.ts';
import { lockColumn, rankAtEnd } from '../rank.ts';

export interface TaskChanges {
  title?: string;
  status?: TaskStatus;
  assignee_id?: string | null;
}

export interface TaskChangeResult {
  taskId: string;
  projectId: string;
  organizationId: string;
  /** False when every value was already the task's: nothing was written. */
  changed: boolean;
}

/**
 * Changes a task's title, status or assignee inside the caller's transaction: one log row carrying
 * the old and new value of each changed field, and a new version, updated_at and last_modified_by.
 * A task whose status changes goes to the end of its new column.
 */
export async function updateTask(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  changes: TaskChanges,
): Promise<TaskChangeResult> {
  const task = await lockTaskFor(trx, user, taskId, 'task.update');
  const metadata: LogMetadata = {};
  const set: TaskUpdate = {};
  if (changes.title !== undefined && changes.title !== task.title) {
    metadata.title = { old: task.title, new: changes.title };
    set.title = changes.title;
  }
  if (changes.assignee_id !== undefined && changes.assignee_id !== task.assignee_id) {
    if (changes.assignee_id !== null) await assertAssignable(trx, changes.assignee_id, task.organization_id);
    metadata.assignee_id = { old: task.assignee_id, new: changes.assignee_id };
    set.assignee_id = changes.assignee_id;
  }
  if (changes.status !== undefined && changes.status !== task.status) {
    metadata.status = { old: task.status, new: changes.status };
    await lockColumn(trx, task.project_id, changes.status);
    set.status = changes.status;
    set.rank = await rankAtEnd(trx, task.project_id, changes.status, task.task_id);
  }
  const result = { taskId, projectId: task.project_id, organizationId: task.organization_id };
  if (Object.keys(metadata).length === 0) return { ...result, changed: false };

  await trx
    .updateTable('task')
    .set((eb) => ({
      ...set,
      version: eb('version', '+', 1),
      updated_at: new Date(),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', taskId)
    .execute();
  await trx
    .insertInto('log')
    .values({
      task_id: taskId,
      project_id: task.project_id,
      organization_id: task.organization_id,
      author_id: user.user_id,
      type: deriveLogType(metadata),
      metadata: JSON.stringify(metadata),
    })
    .execute();
  return { ...result, changed: true };
}
