import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type Action, can } from '../../policies/can.ts';
import { type LockedTask, lockTask, lockTaskAndColumn } from './queries.ts';

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

/** lockTaskFor, and the rank lock of the column `status` in the same statement (queries.ts). */
export async function lockTaskAndColumnFor(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  action: Action,
): Promise<LockedTask> {
  return allowed(await lockTaskAndColumn(trx, taskId, user.user_id, status), action);
}

function allowed(task: LockedTask | undefined, action: Action): LockedTask {
  if (!task) throw notFound('Task');
  if (!can(task.role, action)) throw forbidden();
  return task;
}
