import type { InvitationPreview } from '@figgle/shared/invitation-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST keeps the token out of URLs the server logs. */
function lookupInvitation(token: string): Promise<InvitationPreview> {
  return api.post<InvitationPreview>('/api/invitations/lookup', { token });
}

const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: () => lookupInvitation(token),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
