import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AcceptedInvitation {
  organization_id: string;
  email: string;
  /** True when the account was created just now and its session cookie set. */
  signed_in: boolean;
}

export function acceptInvitation(input: { token: string; password: string }): Promise<AcceptedInvitation> {
  return api.post<AcceptedInvitation>('/api/invitations/accept', input);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // A session may have started: every cached answer about who is signed in is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
