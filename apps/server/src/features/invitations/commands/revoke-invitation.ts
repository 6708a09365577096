import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';

/**
 * Withdraws a pending invitation: its link then answers like a used or expired one. The row is kept
 * (revoked_at), so revoking does not give back any of the day's invitation allowance. Only a pending
 * invitation of this organization can be revoked; anything else is 404 and changes nothing.
 */
export async function revokeInvitation(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, invitationId }: { organizationId: string; invitationId: string },
): Promise<void> {
  await authorize(db, user, 'organization.revokeInvitation', organizationId);
  await publishAfterCommit(
    bus,
    async () => {
      const revoked = await db
        .updateTable('invitation')
        .set({ revoked_at: new Date() })
        .where('invitation_id', '=', invitationId)
        .where('organization_id', '=', organizationId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('invitation_id')
        .executeTakeFirst();
      if (!revoked) throw notFound('Invitation');
    },
    () => organizationUpdated(organizationId, user.user_id),
  );
}
