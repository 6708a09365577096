import { type Kysely, sql } from 'kysely';
import type {
  Database,
  DeltaJson,
  LabelColor,
  LogType,
  Role,
  TaskPriority,
  TaskStatus,
} from '../../db/schema.ts';
import type { ProjectColumns } from '../projects/queries.ts';

type Db = Kysely<Database>;
type Time = Date | string;

export interface ExportProjectRow extends ProjectColumns {
  last_reference: number;
  created_at: Time;
  updated_at: Time;
}

/** A live project, with what its export's header needs. */
export async function exportedProject(db: Db, projectId: string): Promise<ExportProjectRow | undefined> {
  const { rows } = await sql<ExportProjectRow>`
    SELECT project_id, organization_id, name, trigram, emoji, description, default_view, estimate_scale,
      last_reference,
      created_at, updated_at
    FROM project WHERE project_id = ${projectId} AND deleted_at IS NULL
  `.execute(db);
  return rows[0];
}

/** The live projects of an organization, oldest first. */
export async function exportedProjectIds(db: Db, organizationId: string): Promise<string[]> {
  const { rows } = await sql<{ project_id: string }>`
    SELECT project_id FROM project
    WHERE organization_id = ${organizationId} AND deleted_at IS NULL
    ORDER BY created_at, project_id
  `.execute(db);
  return rows.map((row) => row.project_id);
}

export async function exportedOrganization(db: Db, organizationId: string) {
  const { rows } = await sql<{ name: string; created_at: Time }>`
    SELECT name, created_at FROM organization WHERE organization_id = ${organizationId}
  `.execute(db);
  return rows[0];
}

export interface ExportTaskRow {
  task_id: string;
  reference: number;
  title: string;
  status: TaskStatus;
  rank: string;
  content_json: DeltaJson;
  author_id: string | null;
  author_name: string;
  assignee_id: string | null;
  /** The assignee's email while they are a member of the organization (what members may see). */
  assignee_email: string | null;
  due_on: string | null;
  due_at: string | null;
  start_date: string | null;
  priority: TaskPriority;
  estimate: string | null;
  /** Its live parent, and the parent's reference then ("WEB-12"); null at the top level. */
  parent_id: string | null;
  parent_reference: string | null;
  subtask_position: number | null;
  /** The references of the live tasks that block it ("WEB-9"), done or not, sorted. */
  blocked_by: string[];
  /** Sorted by name. */
  labels: Array<{ label_id: string; name: string }>;
  /** Its milestone and cycle (ids, and what the CSV shows of them). */
  milestone_id: string | null;
  milestone_name: string | null;
  cycle_id: string | null;
  cycle_number: number | null;
  cycle_name: string | null;
  is_from_figma: boolean;
  created_at: Time;
  updated_at: Time;
}

/**
 * One page of a project's live tasks, by reference: a reference never changes, so pages read one
 * after another (each its own short statement, never one long transaction holding the database)
 * neither repeat nor skip a task that moves meanwhile.
 */
export async function exportedTaskPage(
  db: Db,
  project: { project_id: string; organization_id: string },
  afterReference: number,
  limit: number,
): Promise<ExportTaskRow[]> {
  const { rows } = await sql<ExportTaskRow>`
    SELECT task.task_id, task.reference, task.title, task.status, task.rank, task.content_json,
      task.author_id, task.author_name, task.assignee_id,
      CASE WHEN assignee_rule.rule_id IS NOT NULL THEN assignee.email END AS assignee_email,
      to_char(task.due_on, 'YYYY-MM-DD') AS due_on,
      to_char(task.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due_at,
      to_char(task.start_on, 'YYYY-MM-DD') AS start_date,
      task.priority, task.estimate, task.is_from_figma, task.created_at, task.updated_at,
      task.milestone_id, task.cycle_id,
      (SELECT milestone.name FROM milestone WHERE milestone.milestone_id = task.milestone_id) AS milestone_name,
      (SELECT cycle.number FROM cycle WHERE cycle.cycle_id = task.cycle_id) AS cycle_number,
      (SELECT cycle.name FROM cycle WHERE cycle.cycle_id = task.cycle_id) AS cycle_name,
      parent.task_id AS parent_id, parent.reference AS parent_reference,
      CASE WHEN parent.task_id IS NOT NULL THEN task.subtask_position END AS subtask_position,
      -- Driven by the relations (an index on to_task_id), each blocker's reference a subquery by its
      -- key. As a join, the planner was free to start from the task table instead, and did so right
      -- after a large import (statistics not yet updated), making a 9,000-task export take minutes.
      ARRAY(
        SELECT blocker.ref FROM (
          SELECT (
            SELECT blocker_project.trigram || '-' || blocker_task.reference
            FROM task AS blocker_task
            JOIN project AS blocker_project ON blocker_project.project_id = blocker_task.project_id
              AND blocker_project.deleted_at IS NULL
            WHERE blocker_task.task_id = blocking.from_task_id AND blocker_task.deleted_at IS NULL
          ) AS ref
          FROM task_relation AS blocking
          WHERE blocking.to_task_id = task.task_id AND blocking.kind = 'blocks'
        ) AS blocker
        WHERE blocker.ref IS NOT NULL
        ORDER BY blocker.ref
      ) AS blocked_by,
      (SELECT coalesce(json_agg(json_build_object('label_id', label.label_id, 'name', label.name)
          ORDER BY lower(label.name), label.name, label.label_id), '[]'::json)
        FROM task_label JOIN label ON label.label_id = task_label.label_id
        WHERE task_label.task_id = task.task_id) AS labels
    FROM task
    -- One primary-key lookup per task (OFFSET 0 keeps the planner from turning it into a join): a join
    -- with the whole task table here was planned as a scan per row on the embedded database (the
    -- 9,000-task export of import-kill never ended).
    LEFT JOIN LATERAL (
      SELECT parent.task_id, parent_project.trigram || '-' || parent.reference AS reference
      FROM task AS parent
      JOIN project AS parent_project ON parent_project.project_id = parent.project_id
        AND parent_project.deleted_at IS NULL
      WHERE parent.task_id = task.parent_id AND parent.deleted_at IS NULL
      OFFSET 0
    ) AS parent ON true
    LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id
    LEFT JOIN rule AS assignee_rule ON assignee_rule.user_id = task.assignee_id
      AND assignee_rule.organization_id = ${project.organization_id}
    WHERE task.project_id = ${project.project_id} AND task.deleted_at IS NULL
      AND task.reference > ${afterReference}
    ORDER BY task.reference
    LIMIT ${limit}
  `.execute(db);
  return rows;
}

export interface ExportChecklistRow {
  task_id: string;
  text: string;
  done: boolean;
  rank: string;
  created_at: Time;
}

export async function exportedChecklists(db: Db, taskIds: string[]): Promise<ExportChecklistRow[]> {
  const { rows } = await sql<ExportChecklistRow>`
    SELECT task_id, text, done, rank, created_at FROM checklist_item
    WHERE task_id = ANY(${taskIds}::uuid[])
    ORDER BY task_id, rank COLLATE "C", item_id
  `.execute(db);
  return rows;
}

export interface ExportRelationRow {
  task_id: string;
  side: 'blocks' | 'blocked_by' | 'relates' | 'duplicates' | 'duplicated_by';
  other_id: string;
  /** "WEB-9". */
  other_reference: string;
}

/** The relations of the tasks with live tasks of live projects, each as its task reads it. */
export async function exportedRelations(db: Db, taskIds: string[]): Promise<ExportRelationRow[]> {
  const { rows } = await sql<ExportRelationRow>`
    SELECT ends.task_id, ends.side, other.task_id AS other_id,
      other.trigram || '-' || other.reference AS other_reference
    FROM (
      SELECT from_task_id AS task_id, to_task_id AS other_id, kind AS side, relation_id FROM task_relation
      WHERE from_task_id = ANY(${taskIds}::uuid[])
      UNION ALL
      SELECT to_task_id, from_task_id,
        CASE kind WHEN 'blocks' THEN 'blocked_by' WHEN 'duplicates' THEN 'duplicated_by' ELSE 'relates' END,
        relation_id
      FROM task_relation WHERE to_task_id = ANY(${taskIds}::uuid[])
    ) AS ends
    -- Each other end by its key, from the relations (OFFSET 0 keeps it a lookup, not a join the
    -- planner may start from the task table when its statistics are stale).
    CROSS JOIN LATERAL (
      SELECT other_task.task_id, other_task.reference, other_project.trigram
      FROM task AS other_task
      JOIN project AS other_project ON other_project.project_id = other_task.project_id
        AND other_project.deleted_at IS NULL
      WHERE other_task.task_id = ends.other_id AND other_task.deleted_at IS NULL
      OFFSET 0
    ) AS other
    ORDER BY ends.task_id, ends.side, other.trigram, other.reference, ends.relation_id
  `.execute(db);
  return rows;
}

export interface ExportCommentRow {
  comment_id: string;
  task_id: string;
  author_id: string | null;
  author_name: string;
  content_json: DeltaJson;
  created_at: Time;
}

export async function exportedComments(db: Db, taskIds: string[]): Promise<ExportCommentRow[]> {
  const { rows } = await sql<ExportCommentRow>`
    SELECT comment_id, task_id, author_id, author_name, content_json, created_at FROM comment
    WHERE task_id = ANY(${taskIds}::uuid[])
    ORDER BY task_id, created_at, comment_id
  `.execute(db);
  return rows;
}

export interface ExportLogRow {
  task_id: string;
  type: LogType;
  author_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Time;
}

export async function exportedLogs(db: Db, taskIds: string[]): Promise<ExportLogRow[]> {
  const { rows } = await sql<ExportLogRow>`
    SELECT task_id, type, author_id, metadata, created_at FROM log
    WHERE task_id = ANY(${taskIds}::uuid[])
    ORDER BY task_id, created_at, log_id
  `.execute(db);
  return rows;
}

export interface ExportUploadRow {
  folder: string;
  path: string;
  file_name: string;
  content_type: string;
  size_bytes: string | number;
  created_at: Time;
}

/** The files kept in the tasks' folders (tasks/{taskId}, shared by descriptions and comments). */
export async function exportedUploads(db: Db, taskIds: string[]): Promise<ExportUploadRow[]> {
  const folders = taskIds.map((taskId) => `tasks/${taskId}`);
  const { rows } = await sql<ExportUploadRow>`
    SELECT folder, path, file_name, content_type, size_bytes, created_at FROM upload
    WHERE folder = ANY(${folders}::text[])
    ORDER BY folder, created_at, path
  `.execute(db);
  return rows;
}

export interface ExportLabelRow {
  label_id: string;
  name: string;
  color: LabelColor;
}

/** Labels of the organization: all of them, or those named by `labelIds`; sorted by name. */
export async function exportedLabels(
  db: Db,
  organizationId: string,
  labelIds?: string[],
): Promise<ExportLabelRow[]> {
  const { rows } = await sql<ExportLabelRow>`
    SELECT label_id, name, color FROM label
    WHERE organization_id = ${organizationId}
      AND (${labelIds === undefined} OR label_id = ANY(${labelIds ?? []}::uuid[]))
    ORDER BY lower(name), name, label_id
  `.execute(db);
  return rows;
}

export interface ExportPersonRow {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
  /** Their role in the organization today; null once they have left it. */
  role: Role | null;
}

/** The people named by `userIds` (those still existing), with their role in the organization. */
export async function exportedPeople(
  db: Db,
  organizationId: string,
  userIds: string[],
): Promise<ExportPersonRow[]> {
  const { rows } = await sql<ExportPersonRow>`
    SELECT app_user.user_id, app_user.firstname, app_user.lastname, app_user.email, rule.role
    FROM app_user
    LEFT JOIN rule ON rule.user_id = app_user.user_id AND rule.organization_id = ${organizationId}
    WHERE app_user.user_id = ANY(${userIds}::uuid[])
    ORDER BY app_user.lastname, app_user.firstname, app_user.user_id
  `.execute(db);
  return rows;
}

/** Everyone with a rule in the organization. */
export async function exportedMembers(db: Db, organizationId: string): Promise<ExportPersonRow[]> {
  const { rows } = await sql<ExportPersonRow>`
    SELECT app_user.user_id, app_user.firstname, app_user.lastname, app_user.email, rule.role
    FROM rule JOIN app_user ON app_user.user_id = rule.user_id
    WHERE rule.organization_id = ${organizationId}
    ORDER BY app_user.lastname, app_user.firstname, app_user.user_id
  `.execute(db);
  return rows;
}

export interface ExportMilestoneRow {
  milestone_id: string;
  name: string;
  target_date: string;
  description: string;
  created_at: Time;
}

/** A project's milestones, by target date. */
export async function exportedMilestones(db: Db, projectId: string): Promise<ExportMilestoneRow[]> {
  const { rows } = await sql<ExportMilestoneRow>`
    SELECT milestone_id, name, to_char(target_on, 'YYYY-MM-DD') AS target_date, description, created_at
    FROM milestone WHERE project_id = ${projectId}
    ORDER BY target_on, name, milestone_id
  `.execute(db);
  return rows;
}

export interface ExportCycleRow {
  cycle_id: string;
  number: number;
  name: string | null;
  starts_on: string;
  ends_on: string;
  closed_at: Time | null;
  final_scope: number | null;
  final_done: number | null;
  final_scope_points: number | null;
  final_done_points: number | null;
}

/** A project's cycles, by number, and its cycle settings (null: never turned on). */
export async function exportedCycles(db: Db, projectId: string) {
  const { rows } = await sql<ExportCycleRow>`
    SELECT cycle_id, number, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on,
      to_char(ends_on, 'YYYY-MM-DD') AS ends_on, closed_at, final_scope, final_done,
      final_scope_points, final_done_points
    FROM cycle WHERE project_id = ${projectId}
    ORDER BY number
  `.execute(db);
  const settings = await db
    .selectFrom('cycle_setting')
    .select(['enabled', 'weeks', 'week_start'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return { cycles: rows, settings: settings ?? null };
}
