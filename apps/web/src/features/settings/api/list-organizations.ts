import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every organization query key starts here, so one invalidation refreshes them all. */
export const organizationsQueryKey = ['organizations'] as const;

export function listOrganizations(): Promise<OrganizationView[]> {
  return api.get<OrganizationView[]>('/api/organizations');
}

export const organizationsQueryOptions = queryOptions({
  queryKey: organizationsQueryKey,
  queryFn: listOrganizations,
});

/** The signed-in user's organizations, oldest first, each with its rules. */
export function useOrganizations() {
  return useQuery(organizationsQueryOptions);
}
