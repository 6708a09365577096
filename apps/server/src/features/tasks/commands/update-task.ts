import { deriveLogType, type LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { rolesAllowedTo } from '../../../policies/can.ts';
import { lockTaskAndColumnFor, lockTaskFor } from '../access.ts';
import { assertAssignable } from '../assignee.ts';
import { placeInColumn } from '../rank.ts';
import { moveTaskInOneStatement } from './move-task.ts';
import { changeInOneStatement } from './one-statement-change.ts';
import type { TaskChangeResult } from './types.ts';
import { writeTaskChange } from './write-task-change.ts';

export interface TaskChanges {
  title?: string;
  status?: TaskStatus;
  assignee_id?: string | null;
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
  const column =
    changes.status === undefined
      ? null
      : await lockTaskAndColumnFor(trx, user, taskId, changes.status, null, 'task.update');
  const task = column ?? (await lockTaskFor(trx, user, taskId, 'task.update'));
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
  const newStatus = changes.status !== undefined && changes.status !== task.status ? changes.status : null;
  if (newStatus) metadata.status = { old: task.status, new: newStatus };
  const result = {
    taskId,
    projectId: task.project_id,
    organizationId: task.organization_id,
    status: changes.status ?? task.status,
  };
  if (assignments.length === 0 && !newStatus) return { ...result, changed: false };

  const write = (placement: RawBuilder<unknown>[], guard?: RawBuilder<unknown>) =>
    writeTaskChange(trx, {
      taskId,
      userId: user.user_id,
      assignments: [...assignments, ...placement],
      log: { type: deriveLogType(metadata), metadata, organizationId: task.organization_id },
      guard,
    });
  // A new status puts the task at the end of its new column.
  const summary =
    newStatus && column
      ? await placeInColumn(trx, column, newStatus, null, (rank, guard) =>
          write([sql`status = ${newStatus}`, sql`rank = ${rank}`], guard),
        )
      : await write([]);
  return { ...result, changed: true, summary };
}

/**
 * A title alone (the list's and the task page's inline rename) in one statement
 * (db/migrations/0005_rename_task_function.ts figgle_rename_task), as updateTask writes it. Null when
 * it wrote nothing: updateTask then decides, in a transaction of its own.
 */
function renameTaskInOneStatement(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  title: string,
): Promise<TaskChangeResult | null> {
  const roles = rolesAllowedTo('task.update');
  return changeInOneStatement(
    db,
    taskId,
    sql`figgle_rename_task(${taskId}, ${user.user_id}, ${title}, ${roles}::text[], ${new Date()})`,
  );
}

/**
 * One field alone, the common inline edit, in one statement: a status is a move to the end of the
 * new column (figgle_move_task), a title a rename. Null for anything else, or when the statement wrote
 * nothing: updateTask then decides.
 */
export function updateOneFieldInOneStatement(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  changes: TaskChanges,
): Promise<TaskChangeResult | null> | null {
  if (Object.keys(changes).length !== 1) return null;
  if (changes.status !== undefined) return moveTaskInOneStatement(db, user, taskId, changes.status, null);
  if (changes.title !== undefined) return renameTaskInOneStatement(db, user, taskId, changes.title);
  return null;
}
