import { randomUUID } from 'node:crypto';
import {
  CUSTOM_FIELDS_PER_ORGANIZATION_MAX,
  type CustomFieldKind,
  type CustomFieldOption,
} from '@figgle/shared/custom-field-schemas';
import type { LabelColor } from '@figgle/shared/planning-schemas';
import { sql, type Transaction } from 'kysely';
import { lockOrganization } from '../../../db/row-locks.ts';
import type { Database } from '../../../db/schema.ts';

/** A custom field of an imported Figgle file, by its key (its id in the file). */
export interface CustomFieldToImport {
  key: string;
  name: string;
  kind: CustomFieldKind;
  unit: string | null;
  options: Array<{ name: string; colour: LabelColor }>;
}

/**
 * Inside an import's transaction (docs/product.md#import): each field of the file is the
 * organization's field of the same name (case aside) and kind, with the options it lacks added by
 * name, or a new one while the organization has fewer than CUSTOM_FIELDS_PER_ORGANIZATION_MAX; a
 * field of that name but another kind is left out. Each is turned on in the project. Running it
 * again finds what the first run made. Answers the field id by file key.
 */
export async function importCustomFields(
  trx: Transaction<Database>,
  place: { projectId: string; organizationId: string; authorId: string | null },
  fields: readonly CustomFieldToImport[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (fields.length === 0) return ids;
  // The organization is locked: fields made at once count against the limit in turn.
  await lockOrganization(trx, place.organizationId);
  const existing = await trx
    .selectFrom('custom_field')
    .select(['field_id', 'name', 'kind', 'options'])
    .where('organization_id', '=', place.organizationId)
    .execute();
  let count = existing.length;
  for (const field of fields) {
    const same = existing.find((row) => row.name.toLowerCase() === field.name.toLowerCase());
    let fieldId: string;
    if (same) {
      if (same.kind !== field.kind) continue;
      const known = new Set(same.options.map((option) => option.name.toLowerCase()));
      const added: CustomFieldOption[] = field.options
        .filter((option) => !known.has(option.name.toLowerCase()))
        .map((option) => ({ option_id: randomUUID(), name: option.name, colour: option.colour }));
      if (added.length > 0) {
        same.options = [...same.options, ...added];
        await trx
          .updateTable('custom_field')
          .set({ options: JSON.stringify(same.options) })
          .where('field_id', '=', same.field_id)
          .execute();
      }
      fieldId = same.field_id;
    } else {
      if (count >= CUSTOM_FIELDS_PER_ORGANIZATION_MAX) continue;
      const options = field.options.map((option) => ({
        option_id: randomUUID(),
        name: option.name,
        colour: option.colour,
      }));
      const made = await trx
        .insertInto('custom_field')
        .values({
          organization_id: place.organizationId,
          name: field.name,
          kind: field.kind,
          unit: field.kind === 'number' ? field.unit : null,
          options: JSON.stringify(options),
          created_by: place.authorId,
        })
        .returning('field_id')
        .executeTakeFirstOrThrow();
      existing.push({ field_id: made.field_id, name: field.name, kind: field.kind, options });
      count += 1;
      fieldId = made.field_id;
    }
    await sql`
      INSERT INTO project_custom_field (project_id, field_id) VALUES (${place.projectId}, ${fieldId})
      ON CONFLICT DO NOTHING
    `.execute(trx);
    ids.set(field.key, fieldId);
  }
  return ids;
}
