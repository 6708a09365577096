import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organizationQueryKey } from './get-organization';
import { organizationsQueryKey } from './list-organizations';

export function renameOrganization(organizationId: string, name: string): Promise<OrganizationView> {
  return api.patch<OrganizationView>(`/api/organizations/${encodeURIComponent(organizationId)}`, { name });
}

export function useRenameOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameOrganization(organizationId, name),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryKey(organizationId), organization);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}
