import type { MemberView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

export const membersQueryKey = (organizationId: string) =>
  [...queryKeys.organization(organizationId), 'members'] as const;

export function listMembers(organizationId: string): Promise<MemberView[]> {
  return api.get<MemberView[]>(`/api/organizations/${encodeURIComponent(organizationId)}/members`);
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: membersQueryKey(organizationId),
    queryFn: () => listMembers(organizationId),
  });

/** Everyone with a rule in the organization, owners first. */
export function useMembers(organizationId: string) {
  return useQuery(membersQueryOptions(organizationId));
}
