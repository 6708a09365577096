import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfCustomField } from '../../../policies/custom-fields.ts';

/**
 * Deletes a field (owners and members), with every task's value of it and its place in every
 * project (both cascade). The web app asks first, saying how many tasks hold a value (value_count).
 */
export async function deleteCustomField(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { fieldId }: { fieldId: string },
): Promise<void> {
  const organizationId = await organizationOfCustomField(db, fieldId);
  await authorize(db, user, 'customField.manage', organizationId, 'Custom field');
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db.deleteFrom('custom_field').where('field_id', '=', fieldId).executeTakeFirst();
      // Deleted meanwhile by someone else.
      if (deleted.numDeletedRows === 0n) throw notFound('Custom field');
    },
    () => organizationUpdated(organizationId, user.user_id),
  );
}
