import type { InviteMemberInput, PendingInvitation } from '@figgle/shared/invitation-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The role is always MEMBER: the server fixes it. */
function inviteMember(organizationId: string, input: InviteMemberInput): Promise<PendingInvitation> {
  return api.post<PendingInvitation>(
    `/api/organizations/${encodeURIComponent(organizationId)}/invitations`,
    input,
  );
}

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => inviteMember(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }),
  });
}
