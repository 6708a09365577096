import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from './policy-errors.ts';

export interface ChecklistItemPlace {
  organizationId: string;
  projectId: string;
  taskId: string;
}

/** Where a checklist item lives: its task, project and organization, all live; 404 otherwise. */
export async function organizationOfChecklistItem(
  db: Kysely<Database>,
  itemId: string,
): Promise<ChecklistItemPlace> {
  const row = await db
    .selectFrom('checklist_item')
    .innerJoin('task', 'task.task_id', 'checklist_item.task_id')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['project.organization_id', 'task.project_id', 'task.task_id'])
    .where('checklist_item.item_id', '=', itemId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Checklist item');
  return { organizationId: row.organization_id, projectId: row.project_id, taskId: row.task_id };
}
