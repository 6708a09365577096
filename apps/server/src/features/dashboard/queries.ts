import {
  DASHBOARD_ACTIVE_DAYS,
  DASHBOARD_ACTIVE_PROJECTS,
  DASHBOARD_COMMENT_DAYS,
  DASHBOARD_COMMENTED_MIN,
  DASHBOARD_DOING_TOO_LONG_DAYS,
  DASHBOARD_FIGMA_EVENTS,
  DASHBOARD_MY_TASKS,
  DASHBOARD_REMARKABLE_PER_REASON,
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
 * Live tasks of live projects in the user's organizations, by status category: the per-project
 * counts that triggers keep in task_status_count (migration 0003), a few rows per project, each
 * status counted under its category's counter (Backlog and Unstarted as To Do, Started as Doing,
 * Canceled as Archive; migration 0037).
 */
export async function statusCounts(db: Kysely<Database>, userId: string): Promise<StatusCountRow[]> {
  const result = await sql<StatusCountRow>`
    SELECT CASE project_status.category WHEN 'started' THEN 'DOING' WHEN 'done' THEN 'DONE'
        WHEN 'canceled' THEN 'ARCHIVE' ELSE 'TODO' END AS status,
      sum(counted.count)::int AS count
    FROM rule
    JOIN project ON project.organization_id = rule.organization_id AND project.deleted_at IS NULL
    JOIN task_status_count AS counted ON counted.project_id = project.project_id
    JOIN project_status ON project_status.project_id = counted.project_id
      AND project_status.key = counted.status
    WHERE rule.user_id = ${userId}
    GROUP BY 1
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
 * changes to a status of the Done category (STATUS logs), in live projects. Creations and changes
 * to the key DONE are counted per project from their own partial index (migration 0003) without
 * reading the log rows; changes to a project's own Done statuses (migration 0037) are read only for
 * the projects that have one. A line counts by the category its status has now.
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
      SELECT done.* FROM (
        SELECT log.project_id, date_trunc('week', log.created_at AT TIME ZONE 'UTC') AS week_start,
          count(*) AS n
        FROM orgs JOIN log ON log.organization_id = orgs.organization_id
        WHERE log.type = 'STATUS' AND (log.metadata->'status'->>'new') = 'DONE'
          AND log.created_at >= (SELECT at FROM since)
        GROUP BY 1, 2
      ) AS done
      -- Unless the project made its DONE a status of another category.
      WHERE NOT EXISTS (
        SELECT 1 FROM project_status AS moved_away WHERE moved_away.project_id = done.project_id
          AND moved_away.key = 'DONE' AND moved_away.category <> 'done'
      )
      UNION ALL
      SELECT log.project_id, date_trunc('week', log.created_at AT TIME ZONE 'UTC') AS week_start,
        count(*) AS n
      FROM orgs
      JOIN project ON project.organization_id = orgs.organization_id
      JOIN project_status AS own ON own.project_id = project.project_id AND own.category = 'done'
        AND own.key <> 'DONE'
      JOIN log ON log.organization_id = orgs.organization_id AND log.project_id = project.project_id
      WHERE log.type = 'STATUS' AND (log.metadata->'status'->>'new') = own.key
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

/**
 * The user's open tasks not started (Backlog, Unstarted: status 'TODO' here) and started ('DOING'),
 * DASHBOARD_MY_TASKS of each (task_assignee_category_idx, migration 0037).
 */
export async function myOpenTasks(db: Kysely<Database>, userId: string): Promise<DashboardTaskRow[]> {
  const result = await sql<DashboardTaskRow>`
    SELECT mine.* FROM (VALUES ('TODO', ARRAY['backlog', 'unstarted']), ('DOING', ARRAY['started']))
      AS wanted(status, categories)
    CROSS JOIN LATERAL (
      SELECT task.task_id, task.reference, task.title, wanted.status, task.updated_at,
        project.project_id, project.name AS project_name, project.emoji AS project_emoji,
        project.trigram AS project_trigram
      FROM task
      JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
      JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = ${userId}
      WHERE task.assignee_id = ${userId} AND task.status_category = ANY (wanted.categories)
        AND task.deleted_at IS NULL
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

/** The viewer's day (YYYY-MM-DD), or the day in UTC when they did not say. */
const todayOf = (today: string | undefined) =>
  sql`coalesce(${today ?? null}::date, (now() AT TIME ZONE 'UTC')::date)`;

/**
 * The open tasks (To Do, Doing) of the user's live projects that are past their due day or due
 * instant, with the moment they became late: one scan of each partial index of migration 0012.
 */
const lateTasks = (userId: string, today: string | undefined) => sql`
  WITH projects AS (
    SELECT project.project_id FROM rule
    JOIN project ON project.organization_id = rule.organization_id AND project.deleted_at IS NULL
    WHERE rule.user_id = ${userId}
  )
  SELECT task.task_id, task.due_on::timestamp AT TIME ZONE 'UTC' AS due
  FROM projects JOIN task ON task.project_id = projects.project_id
  WHERE task.deleted_at IS NULL AND task.status_category IN ('backlog', 'unstarted', 'started')
    AND task.due_on IS NOT NULL
    AND task.due_on < ${todayOf(today)}
  UNION ALL
  SELECT task.task_id, task.due_at AS due
  FROM projects JOIN task ON task.project_id = projects.project_id
  WHERE task.deleted_at IS NULL AND task.status_category IN ('backlog', 'unstarted', 'started')
    AND task.due_at IS NOT NULL
    AND task.due_at < now()
`;

/** Live tasks of live projects in the user's organizations that are overdue. */
export async function overdueCount(
  db: Kysely<Database>,
  userId: string,
  today: string | undefined,
): Promise<number> {
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (${lateTasks(userId, today)}) AS late
  `.execute(db);
  return result.rows[0]?.count ?? 0;
}

export interface RemarkableTaskRow extends DashboardTaskRow {
  kind: 'OVERDUE' | 'DOING_TOO_LONG' | 'MOST_COMMENTED';
  due_on: string | null;
  due_at: Date | null;
  /** DOING_TOO_LONG: when the task went to Doing. */
  since: Date | null;
  /** MOST_COMMENTED: comments over the last DASHBOARD_COMMENT_DAYS days. */
  comments: number | null;
}

/**
 * The tasks worth a look, DASHBOARD_REMARKABLE_PER_REASON for each reason, most pressing first: the
 * longest overdue, the longest in Doing (status_since), the most commented lately (COMMENT log lines
 * of the last days). Each reason reads a partial index of migration 0012, never every task. A task
 * may come once for each of its reasons; the presenter folds them.
 */
export async function remarkableTasks(
  db: Kysely<Database>,
  userId: string,
  today: string | undefined,
): Promise<RemarkableTaskRow[]> {
  const result = await sql<RemarkableTaskRow>`
    WITH orgs AS (
      SELECT organization_id FROM rule WHERE user_id = ${userId}
    ),
    projects AS (
      SELECT project.project_id FROM orgs
      JOIN project ON project.organization_id = orgs.organization_id AND project.deleted_at IS NULL
    ),
    overdue AS (
      SELECT late.task_id, 1 AS reason, row_number() OVER (ORDER BY late.due, late.task_id) AS place,
        NULL::timestamptz AS since, NULL::int AS comments
      FROM (${lateTasks(userId, today)}) AS late
      ORDER BY place LIMIT ${DASHBOARD_REMARKABLE_PER_REASON}
    ),
    doing AS (
      SELECT task.task_id, 2 AS reason,
        row_number() OVER (ORDER BY task.status_since, task.task_id) AS place,
        task.status_since AS since, NULL::int AS comments
      FROM projects JOIN task ON task.project_id = projects.project_id
      WHERE task.deleted_at IS NULL AND task.status_category = 'started'
        AND task.status_since < now() - ${DASHBOARD_DOING_TOO_LONG_DAYS}::int * interval '1 day'
      ORDER BY place LIMIT ${DASHBOARD_REMARKABLE_PER_REASON}
    ),
    commented AS (
      SELECT counted.task_id, 3 AS reason,
        row_number() OVER (ORDER BY counted.comments DESC, counted.task_id) AS place,
        NULL::timestamptz AS since, counted.comments
      FROM (
        SELECT log.task_id, count(*)::int AS comments
        FROM orgs JOIN log ON log.organization_id = orgs.organization_id
        WHERE log.type = 'COMMENT'
          AND log.created_at >= now() - ${DASHBOARD_COMMENT_DAYS}::int * interval '1 day'
        GROUP BY log.task_id
        HAVING count(*) >= ${DASHBOARD_COMMENTED_MIN}
      ) AS counted
      JOIN task ON task.task_id = counted.task_id AND task.deleted_at IS NULL
      JOIN projects ON projects.project_id = task.project_id
      ORDER BY place LIMIT ${DASHBOARD_REMARKABLE_PER_REASON}
    ),
    listed AS (
      SELECT * FROM overdue UNION ALL SELECT * FROM doing UNION ALL SELECT * FROM commented
    )
    SELECT task.task_id, task.reference, task.title, task.status, task.updated_at,
      project.project_id, project.name AS project_name, project.emoji AS project_emoji,
      project.trigram AS project_trigram,
      CASE listed.reason WHEN 1 THEN 'OVERDUE' WHEN 2 THEN 'DOING_TOO_LONG' ELSE 'MOST_COMMENTED' END AS kind,
      to_char(task.due_on, 'YYYY-MM-DD') AS due_on, task.due_at, listed.since, listed.comments
    FROM listed
    JOIN task ON task.task_id = listed.task_id
    JOIN project ON project.project_id = task.project_id
    ORDER BY listed.reason, listed.place
  `.execute(db);
  return result.rows;
}
