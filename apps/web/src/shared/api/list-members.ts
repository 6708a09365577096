import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** What the assignee pickers need of GET /api/organizations/:id/members. */
export interface MemberChoice {
  user_id: string;
  firstname: string;
  lastname: string;
}

export function listMembers(organizationId: string, signal?: AbortSignal): Promise<MemberChoice[]> {
  return api.get<MemberChoice[]>(`/api/organizations/${encodeURIComponent(organizationId)}/members`, {
    signal,
  });
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.members(organizationId),
    queryFn: ({ signal }) => listMembers(organizationId, signal),
    staleTime: 60_000,
  });

export function useMembers(organizationId: string | undefined) {
  return useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
