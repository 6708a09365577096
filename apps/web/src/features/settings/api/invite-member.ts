import type { InviteMemberInput, PendingInvitation } from '@figgle/shared/invitation-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { queryKeys } from '../../../shared/api/query-keys';

/** The role is always MEMBER: the server fixes it. */
function inviteMember(organizationId: string, input: InviteMemberInput): Promise<PendingInvitation> {
  return api.post<PendingInvitation>(
    `/api/organizations/${encodeURIComponent(organizationId)}/invitations`,
    input,
  );
}

export function useInviteMember(organizationId: string) {
  return useWriteThenRead(
    (input: InviteMemberInput) => inviteMember(organizationId, input),
    queryKeys.organization(organizationId),
  );
}
