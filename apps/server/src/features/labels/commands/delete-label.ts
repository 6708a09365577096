import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfLabel } from '../../../policies/labels.ts';
import { announceLabel } from './announce-label.ts';

/**
 * Deletes a label (owners and members); the tasks carrying it lose it with it (task_label cascades).
 * The web app asks first, saying how many tasks carry it (the list's task_count).
 */
export async function deleteLabel(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { labelId }: { labelId: string },
): Promise<void> {
  const organizationId = await organizationOfLabel(db, labelId);
  await authorize(db, user, 'label.manage', organizationId, 'Label');
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db.deleteFrom('label').where('label_id', '=', labelId).executeTakeFirst();
      // Deleted meanwhile by someone else.
      if (deleted.numDeletedRows === 0n) throw notFound('Label');
    },
    () => announceLabel('deleted', labelId, organizationId, user.user_id),
  );
}
