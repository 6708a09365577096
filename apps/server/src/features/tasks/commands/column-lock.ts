import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, TaskStatus } from '../../../db/schema.ts';

/**
 * The key of a column's advisory lock (a project's status), from the database's
 * figgle_column_lock_key (migration 0009), the only place it is built: figgle_change_task takes the
 * same key, so a creation and a move into one column are serialized and never pick the same rank.
 */
function columnLockKey(projectId: string, status: TaskStatus): RawBuilder<string> {
  return sql<string>`figgle_column_lock_key(${projectId}::uuid, ${status}::text)`;
}

/**
 * Holds the lock of a column until the transaction ends. Columns of other projects, and other
 * columns of the same project, are not held up.
 */
export async function lockColumn(
  trx: Kysely<Database>,
  projectId: string,
  status: TaskStatus,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${columnLockKey(projectId, status)})`.execute(trx);
}
