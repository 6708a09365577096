import type { PersonView } from '@figgle/shared/task-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

export function listMembers(organizationId: string, signal?: AbortSignal): Promise<PersonView[]> {
  return api.get<PersonView[]>(`/api/organizations/${encodeURIComponent(organizationId)}/members`, {
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
  return useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
