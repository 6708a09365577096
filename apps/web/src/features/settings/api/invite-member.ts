import type { InviteMemberInput } from '@figgle/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organizationQueryKey } from './get-organization';

export interface InviteResult {
  /** 'added': the address had an account and is a member now; 'invited': an email link was sent. */
  outcome: 'added' | 'invited';
  email: string;
}

/** The role is always MEMBER: the server fixes it. */
export function inviteMember(organizationId: string, input: InviteMemberInput): Promise<InviteResult> {
  return api.post<InviteResult>(
    `/api/organizations/${encodeURIComponent(organizationId)}/invitations`,
    input,
  );
}

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => inviteMember(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}
