import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import type { TaskChangeResult } from './types.ts';

/**
 * Runs a change made by one of the database's task functions (figgle_move_task, figgle_rename_task:
 * lock, write and log row in one statement, no transaction around it) and reads the written row's
 * summary in the same statement. Null when the function wrote nothing: the caller's transactional
 * path then decides (a 404, a 403, nothing to change, a case the function leaves to it).
 */
export async function changeInOneStatement(
  db: Kysely<Database>,
  taskId: string,
  change: RawBuilder<unknown>,
): Promise<TaskChangeResult | null> {
  const { rows } = await sql<{
    body: string;
    project_id: string;
    organization_id: string;
    status: TaskStatus;
  }>`
    SELECT ${taskSummaryJson}::text AS body, task.project_id, project.organization_id, task.status
    FROM ${change} AS task
    JOIN project ON project.project_id = task.project_id ${TASK_PEOPLE}
  `.execute(db);
  const written = rows[0];
  if (!written) return null;
  return {
    taskId,
    projectId: written.project_id,
    organizationId: written.organization_id,
    status: written.status,
    changed: true,
    summary: written.body,
  };
}
