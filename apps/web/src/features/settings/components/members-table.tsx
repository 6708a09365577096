import { MESSAGES } from '@figgle/shared/constants';
import type { MemberView } from '@figgle/shared/organization-schemas';
import { ROLE_LABELS } from '@figgle/shared/roles';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { confirm } from '../../../ui/confirm/confirm-service';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { UserAvatar } from '../../../ui/user-avatar';
import { useRemoveMember } from '../api/remove-member';

export interface MembersTableProps {
  organizationId: string;
  members: MemberView[];
  /** Owners get the Actions column with Remove. */
  manageable: boolean;
  /** Called after the signed-in user removed their own membership. */
  onSelfRemoved?: () => void;
  currentUserId?: string;
}

const fullName = (member: MemberView) =>
  [member.firstname, member.lastname].filter(Boolean).join(' ') || member.email;

export function MembersTable({
  organizationId,
  members,
  manageable,
  onSelfRemoved,
  currentUserId,
}: MembersTableProps) {
  const removeMember = useRemoveMember(organizationId);

  async function revoke(member: MemberView) {
    const confirmed = await confirm({
      title: MESSAGES.revokeAccessTitle,
      text: MESSAGES.revokeAccessText(fullName(member)),
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return;
    removeMember.mutate(member.rule_id, {
      onSuccess: () => {
        toastSuccess(MESSAGES.memberRevoked);
        if (member.user_id === currentUserId) onSelfRemoved?.();
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Firstname</Table.Th>
            <Table.Th>Lastname</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            {manageable ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.rule_id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar id={member.user_id} firstname={member.firstname} lastname={member.lastname} />
                  <Text size="sm">{member.firstname}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{member.lastname}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant={member.role === 'OWNER' ? 'filled' : 'light'}
                  radius="sm"
                  tt="none"
                  miw="max-content"
                >
                  {ROLE_LABELS[member.role]}
                </Badge>
              </Table.Td>
              {manageable ? (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Remove ${fullName(member)}`}
                    onClick={() => void revoke(member)}
                    disabled={removeMember.isPending && removeMember.variables === member.rule_id}
                  >
                    Remove
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
