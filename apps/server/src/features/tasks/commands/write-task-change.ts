import type { deriveLogType, LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { TASK_DETAIL_JOINS, TASK_DETAIL_SELECT, type TaskDetailRow } from '../queries.ts';

export interface TaskChangeLog {
  type: ReturnType<typeof deriveLogType>;
  metadata: LogMetadata;
  organizationId: string;
}

/**
 * One statement for the write every task change ends with: the changed columns with a new version,
 * updated_at and last_modified_by, the log row when there is one, and the task read back as
 * taskDetail reads it (for the answer and for the live update). A change is on every drag and inline
 * edit, so it costs one round trip to the database, not three (or four with the live update's read).
 */
export async function writeTaskChange(
  trx: Kysely<Database>,
  {
    taskId,
    userId,
    assignments,
    log,
  }: {
    taskId: string;
    userId: string;
    /** `column = value` fragments. */
    assignments: RawBuilder<unknown>[];
    log: TaskChangeLog | null;
  },
): Promise<TaskDetailRow | undefined> {
  const logged = log
    ? sql`, change_log AS (
        INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
        SELECT task_id, project_id, ${log.organizationId}, ${userId}, ${log.type}, ${JSON.stringify(log.metadata)}::jsonb
        FROM changed
      )`
    : sql``;
  const { rows } = await sql<TaskDetailRow>`
    WITH changed AS (
      UPDATE task SET ${sql.join([
        ...assignments,
        sql`version = version + 1`,
        sql`updated_at = ${new Date()}`,
        sql`last_modified_by = ${userId}`,
      ])}
      WHERE task_id = ${taskId}
      RETURNING *
    )${logged}
    SELECT ${TASK_DETAIL_SELECT} FROM changed AS task ${TASK_DETAIL_JOINS}
  `.execute(trx);
  return rows[0];
}
