import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Revokes a membership: deletes its rule. */
function removeMember(organizationId: string, ruleId: string): Promise<null> {
  return api.delete<null>(
    `/api/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(ruleId)}`,
  );
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => removeMember(organizationId, ruleId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.members(organizationId) }),
      ]),
  });
}
