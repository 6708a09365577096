import type { TestServer } from '@figgle/test-support/test-server';

/** The task's log lines, oldest first: type, metadata and author, read from the database. */
export function logLinesOf(server: TestServer, taskId: string) {
  return server.deps.db
    .selectFrom('log')
    .select(['type', 'metadata', 'author_id'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
}

/** The task's parent as the database holds it (null for a task at the top). */
export async function parentIdOf(server: TestServer, taskId: string): Promise<string | null> {
  const row = await server.deps.db
    .selectFrom('task')
    .select('parent_id')
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row.parent_id;
}
