import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import type { PendingInvitationRow } from './queries.ts';

/** Owners see whom they invited and by whom; the token (even its hash) never leaves. */
export function presentPendingInvitation(row: PendingInvitationRow): PendingInvitation {
  return {
    invitation_id: row.invitation_id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    invited_by: row.inviter_id
      ? {
          user_id: row.inviter_id,
          firstname: row.inviter_firstname ?? '',
          lastname: row.inviter_lastname ?? '',
        }
      : null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}
