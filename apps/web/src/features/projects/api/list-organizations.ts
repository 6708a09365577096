import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Only what the add-project dialog needs of GET /api/organizations. */
export interface OrganizationChoice {
  organization_id: string;
  name: string;
}

export const organizationsQueryKey = ['organizations'] as const;

export function listOrganizations(signal?: AbortSignal): Promise<OrganizationChoice[]> {
  return api.get<OrganizationChoice[]>('/api/organizations', { signal });
}

export const organizationsQueryOptions = queryOptions({
  queryKey: organizationsQueryKey,
  queryFn: ({ signal }) => listOrganizations(signal),
});

export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions, enabled });
}
