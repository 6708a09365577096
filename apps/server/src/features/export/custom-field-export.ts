import { type CustomValue, customValueText } from '@figgle/shared/custom-field-schemas';
import type { ExportedCustomField } from '@figgle/shared/project-export-schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { customFieldsOfProject } from '../custom-fields/queries.ts';
import { exportedPeople } from './queries.ts';

type ProjectKey = { project_id: string; organization_id: string };

/**
 * The custom fields on in a project (docs/product.md#custom-fields) and its live tasks' values of
 * them, as the exports write them: the JSON by field id, the CSV one column each, in words.
 */
export async function projectCustomValues(db: Kysely<Database>, project: ProjectKey) {
  const { fields, values } = await customFieldsOfProject(db, project.project_id);
  const byTask = new Map<string, Array<{ field: string; value: CustomValue }>>();
  const people = new Set<string>();
  const kindOf = new Map(fields.map((field) => [field.field_id, field.kind]));
  for (const row of values) {
    const list = byTask.get(row.task_id) ?? [];
    list.push({ field: row.field_id, value: row.value });
    byTask.set(row.task_id, list);
    if (kindOf.get(row.field_id) === 'person' && typeof row.value === 'string') people.add(row.value);
  }
  const exported: ExportedCustomField[] = fields.map((field) => ({
    id: field.field_id,
    name: field.name,
    kind: field.kind,
    unit: field.unit,
    options: field.options.map((option) => ({
      id: option.option_id,
      name: option.name,
      colour: option.colour,
    })),
  }));
  return { fields, exported, byTask, people };
}

/** The CSV's extra columns: each field's name, and a task's values in words (a person by email). */
export async function customCsvColumns(db: Kysely<Database>, project: ProjectKey) {
  const { fields, byTask, people } = await projectCustomValues(db, project);
  const emails = new Map(
    people.size > 0
      ? (await exportedPeople(db, project.organization_id, [...people])).map((person) => [
          person.user_id,
          person.email,
        ])
      : [],
  );
  return {
    names: fields.map((field) => field.name),
    cells: (taskId: string) => {
      const values = byTask.get(taskId) ?? [];
      return fields.map((field) =>
        customValueText(
          field,
          values.find((entry) => entry.field === field.field_id)?.value,
          (userId) => emails.get(userId) ?? '',
        ),
      );
    },
  };
}
