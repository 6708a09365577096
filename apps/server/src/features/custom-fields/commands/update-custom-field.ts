import type { UpdateCustomFieldInput } from '@figgle/shared/custom-field-schemas';
import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfCustomField } from '../../../policies/custom-fields.ts';
import { duplicateFieldName, isDuplicateFieldName, nextOptions } from './field-rules.ts';

/**
 * Renames a field, changes a number's unit, or sets a select's options (renamed, recoloured,
 * reordered, added; an option left out is removed from every task that had it). Its kind stays.
 */
export async function updateCustomField(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { fieldId, changes }: { fieldId: string; changes: UpdateCustomFieldInput },
): Promise<void> {
  const organizationId = await organizationOfCustomField(db, fieldId);
  await authorize(db, user, 'customField.manage', organizationId, 'Custom field');
  try {
    await publishAfterTransaction(
      { db, bus },
      async (trx) => {
        const field = await trx
          .selectFrom('custom_field')
          .select(['kind', 'options'])
          .where('field_id', '=', fieldId)
          .forUpdate()
          .executeTakeFirst();
        if (!field) throw notFound('Custom field');
        if (changes.unit !== undefined && field.kind !== 'number') {
          throw badRequest('Only a number field has a unit.', [
            { path: 'body.unit', message: 'not a number field' },
          ]);
        }
        const selects = field.kind === 'single_select' || field.kind === 'multi_select';
        if (changes.options !== undefined && !selects) {
          throw badRequest('Only a single or multi select field has options.', [
            { path: 'body.options', message: 'not a select field' },
          ]);
        }
        const next = changes.options ? nextOptions(field.options, changes.options) : null;
        await trx
          .updateTable('custom_field')
          .set({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.unit !== undefined ? { unit: changes.unit === '' ? null : changes.unit } : {}),
            ...(next ? { options: JSON.stringify(next.options) } : {}),
          })
          .where('field_id', '=', fieldId)
          .execute();
        if (next && next.removed.length > 0) await removeOptionValues(trx, fieldId, next.removed);
      },
      () => organizationUpdated(organizationId, user.user_id),
    );
  } catch (error) {
    if (isDuplicateFieldName(error) && changes.name) throw duplicateFieldName(changes.name);
    throw error;
  }
}

/** Takes removed options out of the values: a single select loses its value, a multi select the id. */
async function removeOptionValues(
  trx: Transaction<Database>,
  fieldId: string,
  removed: string[],
): Promise<void> {
  const ids = JSON.stringify(removed);
  await sql`
    UPDATE task_custom_value SET value = (
      SELECT coalesce(jsonb_agg(item), '[]'::jsonb) FROM jsonb_array_elements(value) AS item
      WHERE NOT (${ids}::jsonb ? (item #>> '{}'))
    ), updated_at = now()
    WHERE field_id = ${fieldId} AND jsonb_typeof(value) = 'array'
  `.execute(trx);
  await sql`
    DELETE FROM task_custom_value WHERE field_id = ${fieldId}
      AND ((jsonb_typeof(value) = 'string' AND ${ids}::jsonb ? (value #>> '{}')) OR value = '[]'::jsonb)
  `.execute(trx);
}
