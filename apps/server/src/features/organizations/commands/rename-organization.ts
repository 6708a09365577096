import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { authorize } from '../../../policies/authorize.ts';

/** Owners only; the new name is already trimmed and 1–100 characters (organizationNameSchema). */
export async function renameOrganization(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, name }: { organizationId: string; name: string },
): Promise<void> {
  await authorize(db, user, 'organization.rename', organizationId);
  await publishAfterCommit(
    bus,
    () =>
      db.updateTable('organization').set({ name }).where('organization_id', '=', organizationId).execute(),
    () => organizationUpdated(organizationId, user.user_id),
  );
}
