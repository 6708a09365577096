import type { FigmaOrganizationSettings } from '@figgle/shared/figma-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { presentOrganizationSettings } from '../presenter.ts';
import { figmaSettingsOfOrganization } from '../queries.ts';

/** "Back to Figma": whether a Figma task reaching DONE gets a reply in its Figma thread. */
export async function setReplyOnDone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, enabled }: { organizationId: string; enabled: boolean },
): Promise<FigmaOrganizationSettings> {
  await authorize(db, user, 'organization.setFigmaTeam', organizationId);
  const row = await publishAfterCommit(
    bus,
    async () => {
      await db
        .updateTable('organization')
        .set({ figma_reply_on_done: enabled })
        .where('organization_id', '=', organizationId)
        .execute();
      const row = await figmaSettingsOfOrganization(db, organizationId);
      if (!row) throw notFound('Organization');
      return row;
    },
    () => organizationUpdated(organizationId, user.user_id),
  );
  return presentOrganizationSettings(row);
}
