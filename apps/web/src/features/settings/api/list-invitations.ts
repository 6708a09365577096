import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Under the organization's key: a live change to the organization reads the list again too. */
export const invitationsQueryKey = (organizationId: string) =>
  [...queryKeys.organization(organizationId), 'invitations'] as const;

function listInvitations(organizationId: string): Promise<PendingInvitation[]> {
  return api.get<PendingInvitation[]>(`/api/organizations/${encodeURIComponent(organizationId)}/invitations`);
}

const invitationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: invitationsQueryKey(organizationId),
    queryFn: () => listInvitations(organizationId),
  });

/** Invitations still waiting for an answer, newest first. Owners only: the server refuses others. */
export function useInvitations(organizationId: string) {
  return useQuery(invitationsQueryOptions(organizationId));
}
