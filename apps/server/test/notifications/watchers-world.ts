import type { TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';

/**
 * `count` members of the organization who watch the task, and one watcher who is no member, written
 * in one statement; the members' user ids. Each call names its people afresh (`label` and a UUID),
 * so a retried test adds people again.
 */
export async function addWatchers(
  server: TestServer,
  {
    organizationId,
    taskId,
    count,
    label,
  }: { organizationId: string; taskId: string; count: number; label: string },
): Promise<string[]> {
  const prefix = `${label}-${crypto.randomUUID()}`;
  const { rows } = await sql<{ user_id: string }>`
    WITH people AS (
      INSERT INTO app_user (auth_user_id, email, firstname, lastname)
      SELECT ${prefix} || '-' || g, ${prefix} || '-' || g || '@example.test', 'Watcher', g::text
      FROM generate_series(1, ${count + 1}) g
      RETURNING user_id, auth_user_id
    ), members AS (
      INSERT INTO rule (organization_id, user_id, role)
      SELECT ${organizationId}::uuid, user_id, 'MEMBER' FROM people
      WHERE auth_user_id <> ${`${prefix}-${count + 1}`}
      RETURNING user_id
    ), watching AS (
      INSERT INTO task_watcher (task_id, user_id, reason)
      SELECT ${taskId}::uuid, user_id, 'manual' FROM people
    )
    SELECT user_id FROM members
  `.execute(server.deps.db);
  return rows.map((row) => row.user_id);
}
