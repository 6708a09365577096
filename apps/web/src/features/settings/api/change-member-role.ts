import type { MemberView } from '@figgle/shared/organization-schemas';
import type { Role } from '@figgle/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function changeMemberRole(organizationId: string, ruleId: string, role: Role): Promise<MemberView> {
  return api.patch<MemberView>(
    `/api/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(ruleId)}`,
    { role },
  );
}

/** Owners make a member an owner or an owner a member; stepping down is one's own rule. */
export function useChangeMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, role }: { ruleId: string; role: Role }) =>
      changeMemberRole(organizationId, ruleId, role),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.members(organizationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
      ]),
  });
}
