import type { RelationSide, TaskStructureView } from '@figgle/shared/subtask-schemas';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database } from '../../db/schema.ts';
import { authorize, organizationOfTask } from '../../policies/authorize.ts';

type Link = TaskStructureView['parent'] & {};
/** The categories of a finished task (migration 0037). */
const FINISHED = new Set(['done', 'canceled']);
/** A row as read: the category of its status (migration 0037). */
type Read = { status_category: string };

/** Live tasks only: a deleted task, or one of a deleted project, is in no structure. */
const LINK = sql`
  task.task_id, project.trigram || '-' || task.reference AS reference, task.title, task.status,
  task.status_category, coalesce((SELECT status_of.name FROM project_status AS status_of
    WHERE status_of.project_id = task.project_id AND status_of.key = task.status), task.status) AS status_name
`;

/**
 * GET /api/tasks/:taskId/structure (issue 42): the task's parent, its sub-tasks with what their rows
 * show and the progress they make, its relations as this task reads them, and whether an open task
 * blocks it. Three indexed reads, whatever the number of sub-tasks (at most 10,000).
 */
export async function readTaskStructure(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
): Promise<TaskStructureView> {
  await authorize(db, user, 'task.read', (await organizationOfTask(db, taskId)).organizationId, 'Task');
  const parent = await sql<Link>`
    SELECT ${LINK} FROM task AS child
    JOIN task ON task.task_id = child.parent_id AND task.deleted_at IS NULL
    JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
    WHERE child.task_id = ${taskId}
  `.execute(db);
  const subtasks = await sql<TaskStructureView['subtasks'][number] & Read>`
    SELECT ${LINK}, task.project_id, task.assignee_id, task.estimate, to_char(task.due_on, 'YYYY-MM-DD') AS due_on,
      to_char(task.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due_at
    FROM task JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
    WHERE task.parent_id = ${taskId} AND task.deleted_at IS NULL
    ORDER BY task.subtask_position NULLS LAST, task.created_at, task.task_id
  `.execute(db);
  const relations = await sql<{ relation_id: string; side: RelationSide } & Link & Read>`
    SELECT relation.relation_id,
      CASE
        WHEN relation.kind = 'relates' THEN 'relates'
        WHEN relation.from_task_id = ${taskId} THEN relation.kind
        WHEN relation.kind = 'blocks' THEN 'blocked_by'
        ELSE 'duplicated_by'
      END AS side,
      ${LINK}
    FROM task_relation AS relation
    JOIN task ON task.task_id = CASE WHEN relation.from_task_id = ${taskId}
      THEN relation.to_task_id ELSE relation.from_task_id END AND task.deleted_at IS NULL
    JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
    WHERE relation.from_task_id = ${taskId} OR relation.to_task_id = ${taskId}
    ORDER BY relation.created_at, relation.relation_id
  `.execute(db);
  const link = ({ task_id, reference, title, status, status_name, status_category }: Link): Link => ({
    task_id,
    reference,
    title,
    status,
    status_name,
    status_category,
  });
  return {
    parent: parent.rows[0] ? link(parent.rows[0]) : null,
    subtasks: subtasks.rows,
    progress: {
      done: subtasks.rows.filter((task) => FINISHED.has(task.status_category)).length,
      total: subtasks.rows.length,
    },
    relations: relations.rows.map((row) => ({
      relation_id: row.relation_id,
      side: row.side,
      task: link(row),
    })),
    blocked: relations.rows.some((row) => row.side === 'blocked_by' && !FINISHED.has(row.status_category)),
  };
}
