import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { authorize } from '../../../policies/authorize.ts';

/**
 * "Disconnect": the organization's OAuth tokens are deleted. Figma documents no endpoint to revoke an
 * OAuth token, so deleting is what Figgle can do; a Figma user removes the app's access in Figma's
 * own settings. Jobs then use an owner's personal token, if one is saved.
 */
export async function disconnectFigmaOAuth(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId }: { organizationId: string },
): Promise<void> {
  await authorize(deps.db, user, 'organization.setFigmaTeam', organizationId);
  await publishAfterCommit(
    deps.bus,
    async () => {
      const deleted = await deps.db
        .deleteFrom('figma_oauth_connection')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },
    (changed) => (changed ? organizationUpdated(organizationId, user.user_id) : null),
  );
}
