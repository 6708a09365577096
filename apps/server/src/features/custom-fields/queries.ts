import type { CustomFieldOption } from '@figgle/shared/custom-field-schemas';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

interface CustomFieldRow {
  field_id: string;
  organization_id: string;
  name: string;
  kind: Database['custom_field']['kind'];
  unit: string | null;
  options: CustomFieldOption[];
  created_at: Date;
}

export interface CustomFieldWithUseRow extends CustomFieldRow {
  projects: Array<{ project_id: string; on_card: boolean }>;
  value_count: number;
}

const FIELD_COLUMNS = [
  'custom_field.field_id',
  'custom_field.organization_id',
  'custom_field.name',
  'custom_field.kind',
  'custom_field.unit',
  'custom_field.options',
  'custom_field.created_at',
] as const;

/** Fields with the live projects they are on and the live tasks holding a value of them. */
function fieldsWithUse(db: Kysely<Database>) {
  return db
    .selectFrom('custom_field')
    .select(FIELD_COLUMNS)
    .select((eb) => [
      sql<Array<{ project_id: string; on_card: boolean }>>`coalesce((
        SELECT jsonb_agg(jsonb_build_object('project_id', pcf.project_id, 'on_card', pcf.on_card)
          ORDER BY project.name, project.project_id)
        FROM project_custom_field pcf JOIN project ON project.project_id = pcf.project_id
        WHERE pcf.field_id = custom_field.field_id AND project.deleted_at IS NULL
      ), '[]'::jsonb)`.as('projects'),
      eb
        .selectFrom('task_custom_value')
        .innerJoin('task', 'task.task_id', 'task_custom_value.task_id')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('task_custom_value.field_id', '=', 'custom_field.field_id')
        .where('task.deleted_at', 'is', null)
        .as('value_count'),
    ])
    .orderBy(sql`lower(custom_field.name)`)
    .orderBy('custom_field.field_id');
}

export async function customFieldsOfOrganization(
  db: Kysely<Database>,
  organizationId: string,
): Promise<CustomFieldWithUseRow[]> {
  const rows = await fieldsWithUse(db).where('custom_field.organization_id', '=', organizationId).execute();
  return rows.map((row) => ({ ...row, value_count: Number(row.value_count ?? 0) }));
}

export async function customFieldWithUse(
  db: Kysely<Database>,
  fieldId: string,
): Promise<CustomFieldWithUseRow | undefined> {
  const row = await fieldsWithUse(db).where('custom_field.field_id', '=', fieldId).executeTakeFirst();
  return row && { ...row, value_count: Number(row.value_count ?? 0) };
}

export interface ProjectFieldRow extends CustomFieldRow {
  on_card: boolean;
}

/** The fields turned on in a project, by name. */
export function fieldsOfProject(db: Kysely<Database>, projectId: string): Promise<ProjectFieldRow[]> {
  return db
    .selectFrom('project_custom_field')
    .innerJoin('custom_field', 'custom_field.field_id', 'project_custom_field.field_id')
    .select(FIELD_COLUMNS)
    .select('project_custom_field.on_card')
    .where('project_custom_field.project_id', '=', projectId)
    .orderBy(sql`lower(custom_field.name)`)
    .orderBy('custom_field.field_id')
    .execute();
}

/** The values of the project's live tasks, of the fields turned on there. */
export function valuesOfProject(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('task_custom_value')
    .innerJoin('task', 'task.task_id', 'task_custom_value.task_id')
    .innerJoin('project_custom_field', (join) =>
      join
        .onRef('project_custom_field.field_id', '=', 'task_custom_value.field_id')
        .onRef('project_custom_field.project_id', '=', 'task.project_id'),
    )
    .select(['task_custom_value.task_id', 'task_custom_value.field_id', 'task_custom_value.value'])
    .where('task.project_id', '=', projectId)
    .where('task.deleted_at', 'is', null)
    .orderBy('task_custom_value.task_id')
    .orderBy('task_custom_value.field_id')
    .execute();
}

/** For the export: the fields turned on in a project, and its live tasks' values of them. */
export async function customFieldsOfProject(db: Kysely<Database>, projectId: string) {
  const fields = await fieldsOfProject(db, projectId);
  return { fields, values: await valuesOfProject(db, projectId) };
}
