import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database } from '../../../db/schema.ts';
import { lockTaskFor } from '../access.ts';
import type { TaskChangeResult } from './types.ts';

/** Soft delete: the row stays, hidden from every list. */
export async function deleteTask(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
): Promise<TaskChangeResult> {
  const task = await lockTaskFor(trx, user, taskId, 'task.delete');
  const now = new Date();
  await trx
    .updateTable('task')
    .set((eb) => ({
      deleted_at: now,
      updated_at: now,
      last_modified_by: user.user_id,
      version: eb('version', '+', 1),
    }))
    .where('task_id', '=', taskId)
    .execute();
  return {
    taskId,
    projectId: task.project_id,
    organizationId: task.organization_id,
    status: task.status,
    changed: true,
  };
}
