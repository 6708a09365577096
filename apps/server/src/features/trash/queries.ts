import { TRASH_LIST_MAX } from '@figgle/shared/trash-schemas';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TrashRow {
  trash_id: string;
  kind: 'TASK' | 'PROJECT';
  task_id: string | null;
  project_id: string;
  project_name: string;
  project_deleted: boolean;
  title: string;
  reference: string | null;
  tasks: number;
  comments: number;
  deleted_at: Date;
  purge_at: Date;
  deleted_by: string | null;
  deleted_by_name: string | null;
}

/** The organization's trash not removed yet, newest delete first (at most TRASH_LIST_MAX). */
export async function trashOfOrganization(
  db: Kysely<Database>,
  organizationId: string,
  now: Date,
): Promise<TrashRow[]> {
  const { rows } = await sql<TrashRow>`
    SELECT item.trash_id, item.kind, item.task_id, item.project_id, item.deleted_at, item.purge_at,
      item.deleted_by, project.name AS project_name, project.deleted_at IS NOT NULL AS project_deleted,
      coalesce(task.title, project.name) AS title,
      CASE WHEN task.task_id IS NULL THEN NULL ELSE project.trigram || '-' || task.reference END AS reference,
      CASE WHEN person.user_id IS NULL THEN NULL
        ELSE btrim(person.firstname || ' ' || person.lastname) END AS deleted_by_name,
      CASE WHEN item.kind = 'TASK' THEN coalesce(jsonb_array_length(item.restore -> 'task_ids'), 1)
        ELSE (SELECT count(*) FROM task AS inside WHERE inside.project_id = item.project_id
          AND inside.deleted_at IS NULL)::int END AS tasks,
      (SELECT count(*) FROM comment WHERE comment.task_id IN (
        SELECT id::uuid FROM jsonb_array_elements_text(coalesce(item.restore -> 'task_ids', '[]')) AS id
      ))::int AS comments
    FROM trash_item AS item
    JOIN project ON project.project_id = item.project_id
    LEFT JOIN task ON task.task_id = item.task_id
    LEFT JOIN app_user AS person ON person.user_id = item.deleted_by
    WHERE item.organization_id = ${organizationId} AND item.purge_at > ${now}
    ORDER BY item.deleted_at DESC, item.trash_id
    LIMIT ${TRASH_LIST_MAX}
  `.execute(db);
  return rows;
}
