import type { LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { can } from '../../../policies/can.ts';
import { lockTaskAndColumn, TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { rankAtEnd, rankAtIndex } from '../rank.ts';
import type { TaskChangeResult } from './update-task.ts';

export interface MoveResult extends TaskChangeResult {
  /** The moved task's summary as JSON text (presentTaskSummary's shape); absent when nothing changed. */
  summary?: string;
}

/**
 * kanban-update: puts the task at `index` of the `status` column (index counted without the task;
 * null = the end of the column, or where it is when the status does not change). Status and rank
 * change together; a status change writes its log row. A reorder inside a column changes no field
 * a person follows, so it is logged nowhere, but it still bumps the version for live updates.
 *
 * Three statements, since a move is on every drag: lock the task and the target column (and read
 * the user's role), read the neighbours at `index`, then update, log and read the summary back.
 */
export async function moveTask(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  index: number | null,
): Promise<MoveResult> {
  const task = await lockTaskAndColumn(trx, taskId, user.user_id, status);
  if (!task) throw notFound('Task');
  if (!can(task.role, 'task.update')) throw forbidden();
  const result = { taskId, projectId: task.project_id, organizationId: task.organization_id };
  const statusChanges = status !== task.status;
  if (index === null && !statusChanges) return { ...result, changed: false };

  const rank =
    index === null
      ? await rankAtEnd(trx, task.project_id, status, taskId)
      : await rankAtIndex(trx, task.project_id, status, index, taskId);
  const metadata: LogMetadata = { status: { old: task.status, new: status } };
  const { rows } = await sql<{ body: string }>`
    WITH moved AS (
      UPDATE task SET status = ${status}, rank = ${rank}, version = version + 1,
        updated_at = ${new Date()}, last_modified_by = ${user.user_id}
      WHERE task_id = ${taskId}
      RETURNING *
    ), status_log AS (
      INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
      SELECT task_id, project_id, ${task.organization_id}, ${user.user_id}, 'STATUS', ${JSON.stringify(metadata)}::jsonb
      FROM moved WHERE ${statusChanges}
    )
    SELECT ${taskSummaryJson}::text AS body FROM moved AS task ${TASK_PEOPLE}
  `.execute(trx);
  return { ...result, changed: true, summary: rows[0]?.body };
}
