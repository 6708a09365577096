import type { MemberView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listMembers(organizationId: string, signal?: AbortSignal): Promise<MemberView[]> {
  return api.get<MemberView[]>(`/api/organizations/${encodeURIComponent(organizationId)}/members`, {
    signal,
  });
}

/** Live events invalidate this key when a membership changes, so a minute's staleness costs nothing. */
export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.members(organizationId),
    queryFn: ({ signal }) => listMembers(organizationId, signal),
    staleTime: 60_000,
  });

/** Everyone with a rule in the organization, owners first: the members table and the assignee pickers. */
export function useMembers(organizationId: string | undefined) {
  return useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
