import { type Kysely, sql } from 'kysely';
import type { Database, DeltaJson, LogType } from '../../db/schema.ts';
import type { EntryTaskColumns } from '../notifications/queries.ts';

export interface InboxRow extends EntryTaskColumns {
  entry_id: string;
  type: LogType;
  created_at: Date;
  author_id: string | null;
  author_firstname: string | null;
  author_lastname: string | null;
  author_name: string;
  metadata: Record<string, unknown>;
  content_json: DeltaJson | null;
  old_assignee_id: string | null;
  old_assignee_firstname: string | null;
  old_assignee_lastname: string | null;
  new_assignee_id: string | null;
  new_assignee_firstname: string | null;
  new_assignee_lastname: string | null;
  /** The names in the task's project of the statuses a STATUS change names (null: no such status). */
  old_status_name: string | null;
  new_status_name: string | null;
}

/** A uuid read from a log's metadata, or null: a malformed value must not fail the whole page. */
const uuidIn = (path: string) =>
  sql.raw(
    `CASE WHEN page.metadata${path} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      THEN (page.metadata${path})::uuid END`,
  );

/**
 * Activity of live tasks in live projects of every organization where the user holds a rule, newest
 * first. Everything the inbox shows is a log row, a new comment included (its COMMENT log names the
 * comment, joined for its words), so each organization is read newest first through log_inbox_idx
 * and gives at most `window` candidates: the page costs the same however long the history is.
 * One query per page; `limit + 1` rows are read to know whether more exist.
 */
export function inboxPage(
  db: Kysely<Database>,
  userId: string,
  offset: number,
  limit: number,
): Promise<InboxRow[]> {
  const window = offset + limit + 1;
  return sql<InboxRow>`
    WITH orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    ),
    candidates AS (
      SELECT recent.* FROM orgs CROSS JOIN LATERAL (
        SELECT log.log_id, log.type, log.created_at, log.author_id, log.metadata, log.task_id
        FROM log
        JOIN task ON task.task_id = log.task_id AND task.deleted_at IS NULL
        JOIN project ON project.project_id = log.project_id AND project.deleted_at IS NULL
        WHERE log.organization_id = orgs.organization_id
        ORDER BY log.created_at DESC, log.log_id DESC
        LIMIT ${window}
      ) AS recent
    ),
    page AS (
      SELECT * FROM candidates ORDER BY created_at DESC, log_id DESC OFFSET ${offset} LIMIT ${limit + 1}
    )
    SELECT page.log_id AS entry_id, page.type, page.created_at, page.author_id,
      author.firstname AS author_firstname, author.lastname AS author_lastname,
      coalesce(comment.author_name, '') AS author_name, page.metadata,
      comment.content_json,
      task.task_id, task.reference AS task_reference, task.title AS task_title,
      project.project_id, project.name AS project_name, project.emoji AS project_emoji,
      project.trigram AS project_trigram,
      old_assignee.user_id AS old_assignee_id, old_assignee.firstname AS old_assignee_firstname,
      old_assignee.lastname AS old_assignee_lastname,
      new_assignee.user_id AS new_assignee_id, new_assignee.firstname AS new_assignee_firstname,
      new_assignee.lastname AS new_assignee_lastname,
      old_status.name AS old_status_name, new_status.name AS new_status_name
    FROM page
    JOIN task ON task.task_id = page.task_id
    JOIN project ON project.project_id = task.project_id
    LEFT JOIN app_user AS author ON author.user_id = page.author_id
    LEFT JOIN comment ON page.type = 'COMMENT' AND comment.comment_id = ${uuidIn("->>'comment_id'")}
    LEFT JOIN app_user AS old_assignee ON old_assignee.user_id = ${uuidIn("->'assignee_id'->>'old'")}
    LEFT JOIN app_user AS new_assignee ON new_assignee.user_id = ${uuidIn("->'assignee_id'->>'new'")}
    LEFT JOIN project_status AS old_status ON old_status.project_id = task.project_id
      AND old_status.key = page.metadata->'status'->>'old'
    LEFT JOIN project_status AS new_status ON new_status.project_id = task.project_id
      AND new_status.key = page.metadata->'status'->>'new'
    ORDER BY page.created_at DESC, page.log_id DESC
  `
    .execute(db)
    .then((result) => result.rows);
}

/**
 * Whether someone else did something the inbox would show since the user's last visit (compared in
 * the database, at its precision). Each organization stops at its first match, reading only entries
 * newer than the visit.
 */
export async function inboxStatus(
  db: Kysely<Database>,
  userId: string,
): Promise<{ has_new: boolean; inbox_seen_at: Date }> {
  const result = await sql<{ has_new: boolean; inbox_seen_at: Date }>`
    WITH me AS (
      SELECT user_id, inbox_seen_at FROM app_user WHERE user_id = ${userId}
    ),
    orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    )
    SELECT me.inbox_seen_at, EXISTS (
      SELECT 1 FROM orgs CROSS JOIN LATERAL (
        SELECT 1 FROM log
        JOIN task ON task.task_id = log.task_id AND task.deleted_at IS NULL
        JOIN project ON project.project_id = log.project_id AND project.deleted_at IS NULL
        WHERE log.organization_id = orgs.organization_id
          AND log.created_at > me.inbox_seen_at AND log.author_id IS DISTINCT FROM me.user_id
        -- The order makes the planner walk log_inbox_idx from the newest entry down to the visit;
        -- without it, it guesses a sequential scan finds a match as fast.
        ORDER BY log.created_at DESC
        LIMIT 1
      ) AS recent
    ) OR EXISTS (
      -- A new Figma event on the radar is news too (figma_event_radar_idx).
      SELECT 1 FROM orgs JOIN figma_event ON figma_event.organization_id = orgs.organization_id
      WHERE figma_event.created_at > me.inbox_seen_at
    ) AS has_new
    FROM me
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`No profile for user ${userId}`);
  return row;
}
