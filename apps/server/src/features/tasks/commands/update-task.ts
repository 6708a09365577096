import { deriveLogType, type LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { lockTaskAndColumnFor, lockTaskFor } from '../access.ts';
import { assertAssignable } from '../assignee.ts';
import { rankAtEnd } from '../rank.ts';
import { writeTaskChange } from './write-task-change.ts';

export interface TaskChanges {
  title?: string;
  status?: TaskStatus;
  assignee_id?: string | null;
}

export interface TaskChangeResult {
  taskId: string;
  projectId: string;
  organizationId: string;
  /** The task's status after the change (its status as it was, when nothing changed). */
  status: TaskStatus;
  /** False when every value was already the task's: nothing was written. */
  changed: boolean;
  /** The changed task's summary as JSON text (presentTaskSummary's shape); absent when nothing changed. */
  summary?: string;
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
  // A status change locks the new column with the task, in the same statement.
  const task =
    changes.status === undefined
      ? await lockTaskFor(trx, user, taskId, 'task.update')
      : await lockTaskAndColumnFor(trx, user, taskId, changes.status, null, 'task.update');
  const metadata: LogMetadata = {};
  const assignments: RawBuilder<unknown>[] = [];
  if (changes.title !== undefined && changes.title !== task.title) {
    metadata.title = { old: task.title, new: changes.title };
    assignments.push(sql`title = ${changes.title}`);
  }
  if (changes.assignee_id !== undefined && changes.assignee_id !== task.assignee_id) {
    if (changes.assignee_id !== null) await assertAssignable(trx, changes.assignee_id, task.organization_id);
    metadata.assignee_id = { old: task.assignee_id, new: changes.assignee_id };
    assignments.push(sql`assignee_id = ${changes.assignee_id}`);
  }
  if (changes.status !== undefined && changes.status !== task.status) {
    metadata.status = { old: task.status, new: changes.status };
    const rank = await rankAtEnd(trx, task.project_id, changes.status, task.task_id);
    assignments.push(sql`status = ${changes.status}`, sql`rank = ${rank}`);
  }
  const result = {
    taskId,
    projectId: task.project_id,
    organizationId: task.organization_id,
    status: changes.status ?? task.status,
  };
  if (assignments.length === 0) return { ...result, changed: false };

  const summary = await writeTaskChange(trx, {
    taskId,
    userId: user.user_id,
    assignments,
    log: { type: deriveLogType(metadata), metadata, organizationId: task.organization_id },
  });
  return { ...result, changed: true, summary };
}
