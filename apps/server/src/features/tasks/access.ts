import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type Action, can } from '../../policies/can.ts';
import { type LockedTask, type LockedTaskInColumn, lockTask, lockTaskAndColumn } from './queries.ts';

/**
 * Locks the task for a change by this user: 404 when it is gone or outside their organizations,
 * 403 when their role does not allow the action (policies/can.ts decides).
 */
export async function lockTaskFor(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  action: Action,
): Promise<LockedTask> {
  return allowed(await lockTask(trx, taskId, user.user_id), action);
}

/**
 * lockTaskFor, with the rank lock of the column `status` and the ranks around `index` there (null:
 * its end) in the same statement (queries.ts).
 */
export async function lockTaskAndColumnFor(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  index: number | null,
  action: Action,
): Promise<LockedTaskInColumn> {
  return allowed(await lockTaskAndColumn(trx, taskId, user.user_id, status, index), action);
}

function allowed<Task extends LockedTask>(task: Task | undefined, action: Action): Task {
  if (!task) throw notFound('Task');
  if (!can(task.role, action)) throw forbidden();
  return task;
}
