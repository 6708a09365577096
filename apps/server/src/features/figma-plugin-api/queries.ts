import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { rolesThatSeeLinkedTasks } from '../../policies/figma-plugin.ts';

export interface LinkedTaskRow {
  task_id: string;
  project_id: string;
  project_name: string;
  trigram: string;
  reference: number;
  title: string;
  status: 'TODO' | 'DOING' | 'DONE' | 'ARCHIVE';
  assignee_id: string | null;
  assignee_firstname: string | null;
  assignee_lastname: string | null;
  due_on: string | null;
  due_at: Date | null;
  node_id: string;
}

/**
 * The live tasks of the user's organizations (where their role may read tasks) that link any of
 * `nodeIds` in `fileKey`. A task linking several of them comes once, with the node nearest the
 * selection (nodeIds lists the selection first, then its parents outwards).
 */
export async function linkedTasksOf(
  db: Kysely<Database>,
  userId: string,
  fileKey: string,
  nodeIds: string[],
): Promise<LinkedTaskRow[]> {
  const { rows } = await sql<LinkedTaskRow>`
    SELECT * FROM (
      SELECT DISTINCT ON (task.task_id)
        task.task_id, task.project_id, project.name AS project_name, project.trigram, task.reference,
        task.title, task.status, task.assignee_id,
        assignee.firstname AS assignee_firstname, assignee.lastname AS assignee_lastname,
        to_char(task.due_on, 'YYYY-MM-DD') AS due_on, task.due_at, link.node_id,
        array_position(${nodeIds}::text[], link.node_id) AS nearness
      FROM task_figma_node AS link
      JOIN rule ON rule.organization_id = link.organization_id
        AND rule.user_id = ${userId} AND rule.role::text = ANY(${rolesThatSeeLinkedTasks}::text[])
      JOIN task ON task.task_id = link.task_id AND task.deleted_at IS NULL
      JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
        AND project.organization_id = link.organization_id
      LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id
      WHERE link.file_key = ${fileKey} AND link.node_id = ANY(${nodeIds}::text[])
      ORDER BY task.task_id, nearness
    ) AS linked
    ORDER BY nearness, project_name, reference
  `.execute(db);
  return rows;
}
