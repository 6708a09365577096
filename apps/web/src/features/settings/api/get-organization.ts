import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organizationsQueryKey } from './list-organizations';

export const organizationQueryKey = (organizationId: string) =>
  [...organizationsQueryKey, organizationId] as const;

export function getOrganization(organizationId: string): Promise<OrganizationView> {
  return api.get<OrganizationView>(`/api/organizations/${encodeURIComponent(organizationId)}`);
}

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationQueryKey(organizationId),
    queryFn: () => getOrganization(organizationId),
  });

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
