import type { deriveLogType, LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';

export interface TaskChangeLog {
  type: ReturnType<typeof deriveLogType>;
  metadata: LogMetadata;
  organizationId: string;
}

/**
 * One statement for the write every task change ends with: the changed columns with a new version,
 * updated_at and last_modified_by, the log row when there is one, and the task's summary (JSON text
 * of presentTaskSummary) read back. A change is on every drag and inline edit, so it costs one round
 * trip to the database, not three.
 */
export async function writeTaskChange(
  trx: Kysely<Database>,
  {
    taskId,
    userId,
    assignments,
    log,
    guard,
  }: {
    taskId: string;
    userId: string;
    /** `column = value` fragments. */
    assignments: RawBuilder<unknown>[];
    log: TaskChangeLog | null;
    /** A condition the write needs: when it does not hold, nothing is written (and undefined answered). */
    guard?: RawBuilder<unknown>;
  },
): Promise<string | undefined> {
  const logged = log
    ? sql`, change_log AS (
        INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
        SELECT task_id, project_id, ${log.organizationId}, ${userId}, ${log.type}, ${JSON.stringify(log.metadata)}::jsonb
        FROM changed
      )`
    : sql``;
  const { rows } = await sql<{ body: string }>`
    WITH changed AS (
      UPDATE task SET ${sql.join([
        ...assignments,
        sql`version = version + 1`,
        sql`updated_at = ${new Date()}`,
        sql`last_modified_by = ${userId}`,
      ])}
      WHERE task_id = ${taskId}${guard ? sql` AND ${guard}` : sql``}
      RETURNING *
    )${logged}
    SELECT ${taskSummaryJson}::text AS body FROM changed AS task ${TASK_PEOPLE}
  `.execute(trx);
  return rows[0]?.body;
}
