import { SUMMARY_DAYS, SUMMARY_TOP } from '@figgle/shared/weekly-summary-schemas';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Every query starts from the viewer's own rules: no fact of another organization can get in.

/** The viewer's organizations, sorted: part of the key under which a model's summary is kept. */
export async function organizationsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rule')
    .select('organization_id')
    .where('user_id', '=', userId)
    .orderBy('organization_id')
    .execute();
  return rows.map((row) => row.organization_id);
}

export interface WeekTotalsRow {
  since: Date;
  until: Date;
  created: number;
  completed: number;
}

/** Tasks created and moves to a status of the Done category over the last SUMMARY_DAYS days, in live projects. */
export async function weekTotals(db: Kysely<Database>, userId: string): Promise<WeekTotalsRow> {
  const result = await sql<WeekTotalsRow>`
    WITH bounds AS (
      SELECT now() - ${SUMMARY_DAYS}::int * interval '1 day' AS since, now() AS until
    )
    SELECT bounds.since, bounds.until,
      count(log.log_id) FILTER (WHERE log.type = 'CREATION')::int AS created,
      count(log.log_id) FILTER (WHERE log.type = 'STATUS' AND log.category = 'done')::int AS completed
    FROM bounds
    LEFT JOIN (
      -- A status removed since leaves its key in the line: DONE still reads as done.
      SELECT log.log_id, log.type,
        coalesce(reached.category, CASE WHEN log.metadata->'status'->>'new' = 'DONE' THEN 'done' END) AS category
      FROM rule
      JOIN log ON log.organization_id = rule.organization_id
      JOIN project ON project.project_id = log.project_id AND project.deleted_at IS NULL
      LEFT JOIN project_status AS reached ON reached.project_id = log.project_id
        AND reached.key = (log.metadata->'status'->>'new')
      WHERE rule.user_id = ${userId} AND log.type IN ('CREATION', 'STATUS')
        AND log.created_at >= now() - ${SUMMARY_DAYS}::int * interval '1 day'
    ) AS log ON true
    GROUP BY bounds.since, bounds.until
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('the week totals query answered no row');
  return row;
}

export interface MoverRow {
  firstname: string;
  lastname: string;
  changes: number;
  moved: number;
  completed: number;
}

/**
 * The people with the most changes over the last SUMMARY_DAYS days in live projects: every log
 * entry they wrote, the status changes among them, and the moves to a status of the Done category.
 */
export async function topMovers(db: Kysely<Database>, userId: string): Promise<MoverRow[]> {
  const result = await sql<MoverRow>`
    SELECT app_user.firstname, app_user.lastname, count(*)::int AS changes,
      count(*) FILTER (WHERE log.type = 'STATUS')::int AS moved,
      count(*) FILTER (WHERE log.type = 'STATUS' AND coalesce(reached.category,
        CASE WHEN log.metadata->'status'->>'new' = 'DONE' THEN 'done' END) = 'done')::int AS completed
    FROM rule
    JOIN log ON log.organization_id = rule.organization_id
    JOIN project ON project.project_id = log.project_id AND project.deleted_at IS NULL
    LEFT JOIN project_status AS reached ON reached.project_id = log.project_id
      AND reached.key = (log.metadata->'status'->>'new')
    JOIN app_user ON app_user.user_id = log.author_id
    WHERE rule.user_id = ${userId}
      AND log.created_at >= now() - ${SUMMARY_DAYS}::int * interval '1 day'
    GROUP BY app_user.user_id, app_user.firstname, app_user.lastname
    ORDER BY changes DESC, completed DESC, app_user.firstname, app_user.lastname, app_user.user_id
    LIMIT ${SUMMARY_TOP}
  `.execute(db);
  return result.rows;
}
