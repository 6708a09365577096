import type { AcceptedInvitation, AcceptInvitationInput } from '@figgle/shared/invitation-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function acceptInvitation(input: AcceptInvitationInput): Promise<AcceptedInvitation> {
  return api.post<AcceptedInvitation>('/api/invitations/accept', input);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // A session may have started, or an organization joined: every cached answer is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
