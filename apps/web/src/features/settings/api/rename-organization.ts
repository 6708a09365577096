import type { OrganizationView } from '@figgle/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function renameOrganization(organizationId: string, name: string): Promise<OrganizationView> {
  return api.patch<OrganizationView>(`/api/organizations/${encodeURIComponent(organizationId)}`, { name });
}

export function useRenameOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameOrganization(organizationId, name),
    onSuccess: async (organization) => {
      queryClient.setQueryData(queryKeys.organization(organizationId), organization);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
}
