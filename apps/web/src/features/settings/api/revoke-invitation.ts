import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { invitationsQueryKey } from './list-invitations';

/** Withdraws a pending invitation: its emailed link stops working. */
function revokeInvitation(organizationId: string, invitationId: string): Promise<null> {
  return api.delete<null>(
    `/api/organizations/${encodeURIComponent(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
  );
}

export function useRevokeInvitation(organizationId: string) {
  return useRemoveFromList({
    mutationFn: (invitationId: string) => revokeInvitation(organizationId, invitationId),
    listKey: invitationsQueryKey(organizationId),
    idOf: (invitation: PendingInvitation) => invitation.invitation_id,
  });
}
