import {
  DASHBOARD_ACTIVE_DAYS,
  DASHBOARD_ACTIVE_PROJECTS,
  DASHBOARD_FIGMA_EVENTS,
  DASHBOARD_MY_TASKS,
  DASHBOARD_WEEKS,
} from '@figgle/shared/dashboard-schemas';
import { type Kysely, sql } from 'kysely';
import type { Database, TaskStatus } from '../../db/schema.ts';

// Every figure below is counted by the database; no query returns more rows than it shows.

export interface StatusCountRow {
  status: TaskStatus;
  count: number;
}

/**
 * Live tasks of live projects in the user's organizations, by status: the per-project counts that
 * triggers keep in task_status_count (migration 0003), a few rows per project.
 */
export async function statusCounts(db: Kysely<Database>, userId: string): Promise<StatusCountRow[]> {
  const result = await sql<StatusCountRow>`
    SELECT counted.status, sum(counted.count)::int AS count
    FROM rule
    JOIN project ON project.organization_id = rule.organization_id AND project.deleted_at IS NULL
    JOIN task_status_count AS counted ON counted.project_id = project.project_id
    WHERE rule.user_id = ${userId}
    GROUP BY counted.status
  `.execute(db);
  return result.rows;
}

export interface WeekRow {
  week_start: string;
  created: number;
  completed: number;
}

/**
 * Per week (Monday, UTC) of the last DASHBOARD_WEEKS: tasks created (CREATION logs) and status
 * changes to Done (STATUS logs), in live projects. Each kind is counted per project from its own
 * partial index (migration 0003) without reading the log rows, then kept only for live projects.
 */
export async function weeklyCounts(db: Kysely<Database>, userId: string): Promise<WeekRow[]> {
  const result = await sql<WeekRow>`
    WITH orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    ),
    weeks AS (
      SELECT generate_series(this_week - ${DASHBOARD_WEEKS - 1}::int * interval '1 week', this_week,
        interval '1 week') AS week_start
      FROM (SELECT date_trunc('week', now() AT TIME ZONE 'UTC') AS this_week) AS bounds
    ),
    since AS (
      SELECT min(week_start) AT TIME ZONE 'UTC' AS at FROM weeks
    ),
    created AS (
      SELECT log.project_id, date_trunc('week', log.created_at AT TIME ZONE 'UTC') AS week_start,
        count(*) AS n
      FROM orgs JOIN log ON log.organization_id = orgs.organization_id
      WHERE log.type = 'CREATION' AND log.created_at >= (SELECT at FROM since)
      GROUP BY 1, 2
    ),
    completed AS (
      SELECT log.project_id, date_trunc('week', log.created_at AT TIME ZONE 'UTC') AS week_start,
        count(*) AS n
      FROM orgs JOIN log ON log.organization_id = orgs.organization_id
      WHERE log.type = 'STATUS' AND (log.metadata->'status'->>'new') = 'DONE'
        AND log.created_at >= (SELECT at FROM since)
      GROUP BY 1, 2
    ),
    per_week AS (
      SELECT counted.week_start, sum(counted.created)::int AS created, sum(counted.completed)::int AS completed
      FROM (
        SELECT project_id, week_start, n AS created, 0 AS completed FROM created
        UNION ALL
        SELECT project_id, week_start, 0 AS created, n AS completed FROM completed
      ) AS counted
      JOIN project ON project.project_id = counted.project_id AND project.deleted_at IS NULL
      GROUP BY 1
    )
    SELECT to_char(weeks.week_start, 'YYYY-MM-DD') AS week_start,
      coalesce(per_week.created, 0) AS created, coalesce(per_week.completed, 0) AS completed
    FROM weeks LEFT JOIN per_week ON per_week.week_start = weeks.week_start
    ORDER BY weeks.week_start
  `.execute(db);
  return result.rows;
}

export interface ActiveProjectRow {
  project_id: string;
  name: string;
  emoji: string;
  trigram: string;
  activity: number;
}

/** Live projects with the most log entries over the last DASHBOARD_ACTIVE_DAYS days. */
export async function activeProjects(db: Kysely<Database>, userId: string): Promise<ActiveProjectRow[]> {
  const result = await sql<ActiveProjectRow>`
    WITH orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    ),
    counts AS (
      SELECT log.project_id, count(*)::int AS activity
      FROM orgs
      JOIN log ON log.organization_id = orgs.organization_id
      WHERE log.created_at >= now() - ${DASHBOARD_ACTIVE_DAYS}::int * interval '1 day'
      GROUP BY log.project_id
    )
    SELECT project.project_id, project.name, project.emoji, project.trigram, counts.activity
    FROM counts
    JOIN project ON project.project_id = counts.project_id AND project.deleted_at IS NULL
    ORDER BY counts.activity DESC, project.name, project.project_id
    LIMIT ${DASHBOARD_ACTIVE_PROJECTS}
  `.execute(db);
  return result.rows;
}

export interface DashboardTaskRow {
  task_id: string;
  reference: number;
  title: string;
  status: TaskStatus;
  updated_at: Date;
  project_id: string;
  project_name: string;
  project_emoji: string;
  project_trigram: string;
}

/** The user's To Do and Doing tasks (task_assignee_idx), DASHBOARD_MY_TASKS of each. */
export async function myOpenTasks(db: Kysely<Database>, userId: string): Promise<DashboardTaskRow[]> {
  const result = await sql<DashboardTaskRow>`
    SELECT mine.* FROM (VALUES ('TODO'), ('DOING')) AS wanted(status)
    CROSS JOIN LATERAL (
      SELECT task.task_id, task.reference, task.title, task.status, task.updated_at,
        project.project_id, project.name AS project_name, project.emoji AS project_emoji,
        project.trigram AS project_trigram
      FROM task
      JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
      JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = ${userId}
      WHERE task.assignee_id = ${userId} AND task.status = wanted.status AND task.deleted_at IS NULL
      ORDER BY task.updated_at DESC, task.task_id
      LIMIT ${DASHBOARD_MY_TASKS}
    ) AS mine
  `.execute(db);
  return result.rows;
}

export interface DashboardFigmaEventRow {
  figma_event_id: string;
  kind: 'TASK' | 'REPLY' | 'COMMENT';
  content: string;
  figma_triggered_by: string;
  figma_file_name: string;
  figma_file_key: string;
  created_at: Date;
  task_id: string | null;
  project_id: string | null;
  project_name: string | null;
  project_emoji: string | null;
  project_trigram: string | null;
}

/** The newest Figma events of the user's organizations (figma_event_radar_idx, per organization). */
export async function latestFigmaEvents(
  db: Kysely<Database>,
  userId: string,
): Promise<DashboardFigmaEventRow[]> {
  const result = await sql<DashboardFigmaEventRow>`
    WITH orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    )
    SELECT event.figma_event_id, event.kind, event.content, event.figma_triggered_by,
      event.figma_file_name, event.figma_file_key, event.created_at, task.task_id,
      project.project_id, project.name AS project_name, project.emoji AS project_emoji,
      project.trigram AS project_trigram
    FROM orgs CROSS JOIN LATERAL (
      SELECT * FROM figma_event
      WHERE figma_event.organization_id = orgs.organization_id
      ORDER BY figma_event.created_at DESC
      LIMIT ${DASHBOARD_FIGMA_EVENTS}
    ) AS event
    LEFT JOIN project ON project.project_id = event.project_id AND project.deleted_at IS NULL
    LEFT JOIN task ON task.task_id = event.task_id AND task.deleted_at IS NULL
    ORDER BY event.created_at DESC, event.figma_event_id
    LIMIT ${DASHBOARD_FIGMA_EVENTS}
  `.execute(db);
  return result.rows;
}
