import { useMembers } from '../../../shared/api/list-members';
import type { Mentionable } from '../../../ui/editor/mention-module';

/** The members of the task's organization as '@' offers them: their user id and name. */
export function useMentionables(organizationId: string): Mentionable[] {
  const members = useMembers(organizationId);
  return (members.data ?? []).map((member) => ({
    id: member.user_id,
    value: `${member.firstname} ${member.lastname}`.trim() || member.email,
  }));
}
