import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listOrganizations(signal?: AbortSignal): Promise<OrganizationView[]> {
  return api.get<OrganizationView[]>('/api/organizations', { signal });
}

export const organizationsQueryOptions = queryOptions({
  queryKey: queryKeys.organizations,
  queryFn: ({ signal }) => listOrganizations(signal),
});

/** The signed-in user's organizations, oldest first, each with its rules. */
export function useOrganizations() {
  return useQuery(organizationsQueryOptions);
}
