import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What the Timeline view draws of a live project, as the JSON text of its answer
 * (projectTimelineSchema), built by the database in one statement: its live tasks but archived ones
 * by reference (dates as YYYY-MM-DD text, a due time as ISO text in UTC, as toISOString writes it),
 * its milestones (soonest target first) and the "blocks" relations between two of its tasks. Exactly
 * the fields the view draws, nothing of a task's content. Built as text rather than rows presented
 * and validated in JavaScript: on 1,000 tasks the rows, their objects and the response schema's
 * check cost the server most of the read (docs/machinery/timeline-cold-paint.md).
 */
export async function timelineJson(db: Kysely<Database>, projectId: string): Promise<string> {
  const result = await sql<{ body: string }>`
    SELECT json_build_object(
      'project_id', project.project_id,
      'trigram', project.trigram,
      'tasks', coalesce((
        SELECT json_agg(json_build_object(
            'task_id', task.task_id,
            'reference', task.reference,
            'title', task.title,
            'status', task.status,
            'assignee', CASE WHEN task.assignee_id IS NULL THEN NULL ELSE json_build_object(
              'user_id', task.assignee_id,
              'firstname', coalesce(assignee.firstname, ''),
              'lastname', coalesce(assignee.lastname, '')) END,
            'start_date', to_char(task.start_on, 'YYYY-MM-DD'),
            'due_on', to_char(task.due_on, 'YYYY-MM-DD'),
            'due_at', to_char(task.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'parent_id', task.parent_id,
            'milestone_id', task.milestone_id
          ) ORDER BY task.reference)
        FROM task LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id
        WHERE task.project_id = project.project_id AND task.deleted_at IS NULL
          AND task.status_category != 'canceled'
      ), '[]'::json),
      'milestones', coalesce((
        SELECT json_agg(json_build_object(
            'milestone_id', milestone.milestone_id,
            'name', milestone.name,
            'target_date', to_char(milestone.target_on, 'YYYY-MM-DD')
          ) ORDER BY milestone.target_on, milestone.name)
        FROM milestone WHERE milestone.project_id = project.project_id
      ), '[]'::json),
      'blocks', coalesce((
        SELECT json_agg(json_build_object(
            'from_task_id', relation.from_task_id,
            'to_task_id', relation.to_task_id
          ) ORDER BY relation.created_at)
        FROM task_relation AS relation
        JOIN task AS blocker ON blocker.task_id = relation.from_task_id
        JOIN task AS blocked ON blocked.task_id = relation.to_task_id
        WHERE relation.kind = 'blocks'
          AND blocker.project_id = project.project_id AND blocker.deleted_at IS NULL
          AND blocker.status_category != 'canceled'
          AND blocked.project_id = project.project_id AND blocked.deleted_at IS NULL
          AND blocked.status_category != 'canceled'
      ), '[]'::json)
    )::text AS body
    FROM project WHERE project.project_id = ${projectId}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`project ${projectId} is gone`);
  return row.body;
}
