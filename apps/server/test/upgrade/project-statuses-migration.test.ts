// @database both
import { testDatabaseKind } from '@figgle/test-support/database-template';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest, migrationNames } from '../../src/db/migrate.ts';
import { useEmptyDatabases } from '../support/empty-databases.ts';

/**
 * Migration 0037 (statuses per project) on a database made before it: tasks in all four statuses, a
 * Figma-linked task, the change log the weekly summary counts. Every task keeps its status, every
 * count stays, each project gets its four statuses, and the Figma reply still goes when the linked
 * task is done.
 */
const kind = testDatabaseKind();
const STATUSES = '0037_project_statuses';
const BEFORE = migrationNames[migrationNames.indexOf(STATUSES) - 1] as string;

const newDatabase = useEmptyDatabases('statuses-migration');

describe(`migration ${STATUSES} (${kind})`, () => {
  it('keeps every task, status and count of a database made before it, and the Figma reply on Done', async () => {
    const database = await newDatabase();
    const { db } = database;
    try {
      await migrateTo(db, BEFORE);
      await sql`
        WITH person AS (
          INSERT INTO app_user (auth_user_id, email, firstname, lastname)
          VALUES ('statuses-ada', 'ada@example.test', 'Ada', 'Before') RETURNING user_id
        ), organization_row AS (
          INSERT INTO organization (name, figma_reply_on_done) VALUES ('Before statuses', true)
          RETURNING organization_id
        ), membership AS (
          INSERT INTO rule (organization_id, user_id, role)
          SELECT organization_id, user_id, 'OWNER' FROM organization_row, person
        ), projects AS (
          INSERT INTO project (organization_id, name, trigram, last_reference)
          SELECT organization_id, 'Board ' || n, 'BD' || n, 8 FROM organization_row, generate_series(1, 2) AS n
          RETURNING project_id, organization_id
        ), tasks AS (
          INSERT INTO task (project_id, reference, title, status, rank, author_id)
          SELECT project_id, n, 'Task ' || n, (ARRAY['TODO', 'DOING', 'DONE', 'ARCHIVE'])[(n - 1) % 4 + 1],
            'a' || n, user_id
          FROM projects, person, generate_series(1, 8) AS n
          RETURNING task_id, project_id, reference, status, author_id
        ), logs AS (
          INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
          SELECT tasks.task_id, tasks.project_id, projects.organization_id, tasks.author_id, 'STATUS',
            jsonb_build_object('status', jsonb_build_object('old', 'DOING', 'new', tasks.status))
          FROM tasks JOIN projects USING (project_id) WHERE tasks.status = 'DONE'
        )
        INSERT INTO figma_event (organization_id, figma_event_type, figma_comment_id, figma_file_key, kind,
          content, project_id, task_id)
        SELECT projects.organization_id, 'FILE_COMMENT', 'figma-comment-1', 'FILEKEY', 'TASK', 'Make it pop',
          tasks.project_id, tasks.task_id
        FROM tasks JOIN projects USING (project_id) WHERE tasks.reference = 2 LIMIT 1
      `.execute(db);

      const read = async () => ({
        tasks: (
          await sql`SELECT task_id, project_id, reference, title, status, rank FROM task
            ORDER BY project_id, reference`.execute(db)
        ).rows,
        counts: (
          await sql`SELECT project_id, status, count FROM task_status_count WHERE count > 0
            ORDER BY project_id, status`.execute(db)
        ).rows,
        completed: (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM log
            WHERE type = 'STATUS' AND metadata->'status'->>'new' = 'DONE'`.execute(db)
        ).rows[0]?.n,
        linked: (await sql`SELECT figma_event_id, task_id FROM figma_event`.execute(db)).rows,
      });
      const before = await read();
      expect(before.tasks).toHaveLength(16);
      expect(before.counts).toHaveLength(8);
      expect(before.completed).toBe(4);

      await migrateToLatest(db);
      expect(await read()).toEqual(before);

      // Each project has the four statuses, and each task the category of its own.
      const statuses = await sql<{ key: string; name: string; category: string }>`
        SELECT key, name, category FROM project_status ORDER BY project_id, position`.execute(db);
      expect(statuses.rows.slice(0, 4)).toEqual([
        { key: 'TODO', name: 'To Do', category: 'unstarted' },
        { key: 'DOING', name: 'Doing', category: 'started' },
        { key: 'DONE', name: 'Done', category: 'done' },
        { key: 'ARCHIVE', name: 'Archive', category: 'canceled' },
      ]);
      expect(statuses.rows).toHaveLength(8);
      const categories = await sql<{ status: string; status_category: string; n: number }>`
        SELECT status, status_category, count(*)::int AS n FROM task GROUP BY 1, 2 ORDER BY 1`.execute(db);
      expect(categories.rows).toEqual([
        { status: 'ARCHIVE', status_category: 'canceled', n: 4 },
        { status: 'DOING', status_category: 'started', n: 4 },
        { status: 'DONE', status_category: 'done', n: 4 },
        { status: 'TODO', status_category: 'unstarted', n: 4 },
      ]);

      // The Figma-linked task (in Doing) finished: its reply to Figma is queued, as before.
      const linked = before.linked[0] as { task_id: string };
      await sql`UPDATE task SET status = 'DONE' WHERE task_id = ${linked.task_id}`.execute(db);
      const jobs = await sql<{ kind: string }>`SELECT kind FROM job WHERE kind = 'figma_reply'`.execute(db);
      expect(jobs.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
