import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A task's change-log lines with their authors' names. */
function logsWithUser(db: Kysely<Database>, taskId: string) {
  return db
    .selectFrom('log')
    .leftJoin('app_user', 'app_user.user_id', 'log.author_id')
    .select([
      'log.log_id',
      'log.task_id',
      'log.type',
      'log.author_id',
      'log.metadata',
      'log.created_at',
      'log.updated_at',
      'app_user.firstname',
      'app_user.lastname',
    ])
    .where('log.task_id', '=', taskId);
}

/**
 * The task's change-log lines with their authors' names. COMMENT lines are left out: the task page
 * shows the comments themselves. A collapsed run of description edits is dated by its latest edit.
 */
export async function logsOfTask(db: Kysely<Database>, taskId: string) {
  return logsWithUser(db, taskId)
    .where('log.type', '!=', 'COMMENT')
    .orderBy('log.created_at', 'asc')
    .orderBy('log.log_id', 'asc')
    .execute();
}

export type LogWithUser = Awaited<ReturnType<typeof logsOfTask>>[number];

/** One line of the task's change log with its author's name (a realtime event names it). */
export function logOfTask(
  db: Kysely<Database>,
  logId: string,
  taskId: string,
): Promise<LogWithUser | undefined> {
  return logsWithUser(db, taskId).where('log.log_id', '=', logId).executeTakeFirst();
}

export async function namesOf(db: Kysely<Database>, userIds: string[]): Promise<Record<string, string>> {
  if (userIds.length === 0) return {};
  const rows = await db
    .selectFrom('app_user')
    .select(['user_id', 'firstname', 'lastname'])
    .where('user_id', 'in', userIds)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, `${row.firstname} ${row.lastname}`.trim()]));
}
