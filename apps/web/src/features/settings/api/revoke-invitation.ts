import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryKey } from './list-invitations';

/** Withdraws a pending invitation: its emailed link stops working. */
function revokeInvitation(organizationId: string, invitationId: string): Promise<null> {
  return api.delete<null>(
    `/api/organizations/${encodeURIComponent(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
  );
}

export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(organizationId, invitationId),
    onSuccess: (_answer, invitationId) =>
      queryClient.setQueryData<PendingInvitation[]>(invitationsQueryKey(organizationId), (list) =>
        list?.filter((invitation) => invitation.invitation_id !== invitationId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) }),
  });
}
