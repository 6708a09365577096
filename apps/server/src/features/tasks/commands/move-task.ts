import type { LogMetadata } from '@figgle/shared/log-type';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { lockTaskFor } from '../access.ts';
import { lockColumn, rankAtEnd, rankAtIndex } from '../rank.ts';
import type { TaskChangeResult } from './update-task.ts';

/**
 * kanban-update: puts the task at `index` of the `status` column (index counted without the task;
 * null = the end of the column, or where it is when the status does not change). Status and rank
 * change together; a status change writes its log row. A reorder inside a column changes no field
 * a person follows, so it is logged nowhere, but it still bumps the version for live updates.
 */
export async function moveTask(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  index: number | null,
): Promise<TaskChangeResult> {
  const task = await lockTaskFor(trx, user, taskId, 'task.update');
  const result = { taskId, projectId: task.project_id, organizationId: task.organization_id };
  const statusChanges = status !== task.status;
  if (index === null && !statusChanges) return { ...result, changed: false };

  await lockColumn(trx, task.project_id, status);
  const rank =
    index === null
      ? await rankAtEnd(trx, task.project_id, status, taskId)
      : await rankAtIndex(trx, task.project_id, status, index, taskId);
  await trx
    .updateTable('task')
    .set((eb) => ({
      status,
      rank,
      version: eb('version', '+', 1),
      updated_at: new Date(),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', taskId)
    .execute();
  if (statusChanges) {
    const metadata: LogMetadata = { status: { old: task.status, new: status } };
    await trx
      .insertInto('log')
      .values({
        task_id: taskId,
        project_id: task.project_id,
        organization_id: task.organization_id,
        author_id: user.user_id,
        type: 'STATUS',
        metadata: JSON.stringify(metadata),
      })
      .execute();
  }
  return { ...result, changed: true };
}
