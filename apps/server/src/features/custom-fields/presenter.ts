import type { CustomFieldView, ProjectCustomFieldsView } from '@figgle/shared/custom-field-schemas';
import type { CustomFieldWithUseRow, ProjectFieldRow } from './queries.ts';

export function presentCustomField(row: CustomFieldWithUseRow): CustomFieldView {
  return {
    field_id: row.field_id,
    organization_id: row.organization_id,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    options: row.options,
    projects: row.projects,
    value_count: row.value_count,
    created_at: row.created_at.toISOString(),
  };
}

export function presentProjectCustomFields(
  fields: ProjectFieldRow[],
  values: ProjectCustomFieldsView['values'],
): ProjectCustomFieldsView {
  return {
    fields: fields.map((field) => ({
      field_id: field.field_id,
      name: field.name,
      kind: field.kind,
      unit: field.unit,
      options: field.options,
      on_card: field.on_card,
    })),
    values,
  };
}
