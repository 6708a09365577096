import { customValueFromText } from '@figgle/shared/custom-field-schemas';
import type { LabelColor } from '@figgle/shared/planning-schemas';
import { TEMPLATES_PER_PROJECT_MAX } from '@figgle/shared/task-template-schemas';
import { sql, type Transaction } from 'kysely';
import type { Database, DeltaJson, TaskPriority } from '../../../db/schema.ts';

/** A task template of an imported Figgle file (docs/product.md#templates). */
export interface TemplateToImport {
  name: string;
  titlePattern: string;
  description: DeltaJson;
  checklist: string[];
  subtasks: string[];
  /** By name: found or made in the organization, as the tasks' labels are. */
  labels: Array<{ name: string; color: LabelColor }>;
  priority: TaskPriority;
  estimate: string | null;
  /** Values as a file's cells (options by name, a person by email), by the file's field keys. */
  customTexts: Array<{ fieldKey: string; text: string }>;
}

/**
 * Inside an import's transaction, after its custom fields (`fieldIds`: the organization's field by
 * the file's key): each template of the file becomes one of the project, unless the project has one
 * of that name already (so a restarted import makes none twice) or holds TEMPLATES_PER_PROJECT_MAX.
 * Its labels are found or made by name, its values read again against the organization's fields;
 * a value they cannot hold is left out.
 */
export async function importTaskTemplates(
  trx: Transaction<Database>,
  place: { projectId: string; organizationId: string; authorId: string | null },
  templates: readonly TemplateToImport[],
  fieldIds: ReadonlyMap<string, string>,
): Promise<void> {
  if (templates.length === 0) return;
  const labelIds = await labelsByName(
    trx,
    place.organizationId,
    templates.flatMap((template) => template.labels),
  );
  const fieldRows =
    fieldIds.size === 0
      ? []
      : await trx
          .selectFrom('custom_field')
          .select(['field_id', 'kind', 'options'])
          .where('field_id', 'in', [...fieldIds.values()])
          .execute();
  const fields = new Map(fieldRows.map((row) => [row.field_id, row] as const));
  const members = new Map(
    (
      await trx
        .selectFrom('rule')
        .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
        .select(['app_user.user_id', 'app_user.email'])
        .where('rule.organization_id', '=', place.organizationId)
        .execute()
    ).map((row) => [row.email.toLowerCase(), row.user_id] as const),
  );
  const { count } = await trx
    .selectFrom('task_template')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('project_id', '=', place.projectId)
    .executeTakeFirstOrThrow();
  let room = TEMPLATES_PER_PROJECT_MAX - Number(count);
  for (const template of templates) {
    if (room <= 0) break;
    const values: Record<string, unknown> = {};
    for (const { fieldKey, text } of template.customTexts) {
      const fieldId = fieldIds.get(fieldKey);
      const field = fieldId ? fields.get(fieldId) : undefined;
      if (!fieldId || !field) continue;
      const value = customValueFromText(field, text, (email) => members.get(email));
      if (value !== null && value !== undefined) values[fieldId] = value;
    }
    const labels = [
      ...new Set(template.labels.flatMap((label) => labelIds.get(label.name.toLowerCase()) ?? [])),
    ];
    const { rows } = await sql<{ template_id: string }>`
      INSERT INTO task_template (project_id, name, title_pattern, content_json, checklist, subtasks,
        label_ids, priority, estimate, custom_values, created_by)
      VALUES (${place.projectId}::uuid, ${template.name}, ${template.titlePattern},
        ${JSON.stringify(template.description)}::jsonb, ${JSON.stringify(template.checklist)}::jsonb,
        ${JSON.stringify(template.subtasks)}::jsonb, ${JSON.stringify(labels)}::jsonb,
        ${template.priority}, ${template.estimate}, ${JSON.stringify(values)}::jsonb,
        ${place.authorId}::uuid)
      ON CONFLICT (project_id, lower(name)) DO NOTHING
      RETURNING template_id
    `.execute(trx);
    room -= rows.length;
  }
}

/** The labels of these names in the organization, those it lacks made: ids by lower-case name. */
async function labelsByName(
  trx: Transaction<Database>,
  organizationId: string,
  labels: ReadonlyArray<{ name: string; color: LabelColor }>,
): Promise<Map<string, string>> {
  const unique = new Map<string, { name: string; color: LabelColor }>();
  for (const label of labels)
    if (!unique.has(label.name.toLowerCase())) unique.set(label.name.toLowerCase(), label);
  if (unique.size === 0) return new Map();
  const names = [...unique.values()].map((label) => label.name);
  const colors = [...unique.values()].map((label) => label.color);
  await sql`
    INSERT INTO label (organization_id, name, color)
    SELECT ${organizationId}, t.name, t.color FROM unnest(${names}::text[], ${colors}::text[]) AS t(name, color)
    ON CONFLICT (organization_id, lower(name)) DO NOTHING
  `.execute(trx);
  const { rows } = await sql<{ label_id: string; key: string }>`
    SELECT label_id, lower(name) AS key FROM label
    WHERE organization_id = ${organizationId} AND lower(name) = ANY(${[...unique.keys()]}::text[])
  `.execute(trx);
  return new Map(rows.map((row) => [row.key, row.label_id]));
}
