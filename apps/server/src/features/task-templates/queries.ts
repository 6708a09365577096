import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const TEMPLATE_COLUMNS = [
  'template_id',
  'project_id',
  'name',
  'title_pattern',
  'content_json',
  'checklist',
  'subtasks',
  'label_ids',
  'priority',
  'estimate',
  'custom_values',
] as const;

/** A project's own templates, by name. */
export function templatesOfProject(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('task_template')
    .select(TEMPLATE_COLUMNS)
    .where('project_id', '=', projectId)
    .orderBy('name')
    .orderBy('template_id')
    .execute();
}

export type TaskTemplateRow = Awaited<ReturnType<typeof templatesOfProject>>[number];

/** One template, whichever its project; undefined when there is none. */
export function templateById(db: Kysely<Database>, templateId: string) {
  return db
    .selectFrom('task_template')
    .select(TEMPLATE_COLUMNS)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

/** The organization and project of a stored template, for its policy check. */
export function placeOfTemplate(db: Kysely<Database>, templateId: string) {
  return db
    .selectFrom('task_template')
    .innerJoin('project', 'project.project_id', 'task_template.project_id')
    .select(['task_template.project_id', 'project.organization_id'])
    .where('task_template.template_id', '=', templateId)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
}
