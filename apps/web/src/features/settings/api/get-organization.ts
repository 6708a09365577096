import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function getOrganization(organizationId: string): Promise<OrganizationView> {
  return api.get<OrganizationView>(`/api/organizations/${encodeURIComponent(organizationId)}`);
}

const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organization(organizationId),
    queryFn: () => getOrganization(organizationId),
  });

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
