import type { CreatedOrganization } from '@figgle/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

/** organization-create: the creator becomes its OWNER. */
export function createOrganization(name: string): Promise<CreatedOrganization> {
  return api.post<CreatedOrganization>('/api/organizations', { name });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
  });
}
