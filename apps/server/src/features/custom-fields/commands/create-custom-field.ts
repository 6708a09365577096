import {
  type CreateCustomFieldInput,
  CUSTOM_FIELDS_PER_ORGANIZATION_MAX,
} from '@figgle/shared/custom-field-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockOrganization } from '../../../db/row-locks.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { duplicateFieldName, isDuplicateFieldName, nextOptions } from './field-rules.ts';

/** A new custom field of an organization (owners and members); on in no project yet. Returns its id. */
export async function createCustomField(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, field }: { organizationId: string; field: CreateCustomFieldInput },
): Promise<string> {
  await authorize(db, user, 'customField.manage', organizationId);
  const { options } = nextOptions([], field.options ?? []);
  try {
    return await publishAfterTransaction(
      { db, bus },
      async (trx) => {
        // The organization is locked: two fields made at once count against the limit in turn.
        await lockOrganization(trx, organizationId);
        const { count } = await trx
          .selectFrom('custom_field')
          .select(sql<string>`count(*)`.as('count'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= CUSTOM_FIELDS_PER_ORGANIZATION_MAX) {
          throw badRequest(
            `An organization has at most ${CUSTOM_FIELDS_PER_ORGANIZATION_MAX} custom fields: remove unused ones first.`,
          );
        }
        const { field_id } = await trx
          .insertInto('custom_field')
          .values({
            organization_id: organizationId,
            name: field.name,
            kind: field.kind,
            unit: field.kind === 'number' && field.unit ? field.unit : null,
            options: JSON.stringify(options),
            created_by: user.user_id,
          })
          .returning('field_id')
          .executeTakeFirstOrThrow();
        return field_id;
      },
      () => organizationUpdated(organizationId, user.user_id),
    );
  } catch (error) {
    if (isDuplicateFieldName(error)) throw duplicateFieldName(field.name);
    throw error;
  }
}
