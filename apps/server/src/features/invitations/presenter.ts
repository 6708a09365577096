import type {
  AcceptedInvitation,
  InvitationPreview,
  PendingInvitation,
} from '@figgle/shared/invitation-schemas';
import type { AcceptedInvitation as AcceptedInvitationRow } from './commands/accept-invitation.ts';
import type { InvitationRow, PendingInvitationRow } from './queries.ts';

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

/**
 * What the invitation page shows before anyone signs in: who is invited where, until when, and
 * whether to ask for a new password. The holder of the link already knows the email it went to.
 */
export function presentInvitationPreview(invitation: InvitationRow, hasAccount: boolean): InvitationPreview {
  return {
    email: invitation.email,
    firstname: invitation.firstname,
    lastname: invitation.lastname,
    organization_name: invitation.organization_name,
    expires_at: invitation.expires_at.toISOString(),
    has_account: hasAccount,
  };
}

/** Where the new member lands, and whether this answer already signed them in. */
export function presentAcceptedInvitation(accepted: AcceptedInvitationRow): AcceptedInvitation {
  return {
    organization_id: accepted.organizationId,
    email: accepted.email,
    signed_in: accepted.accountCreated,
  };
}
