import { MESSAGES } from '@figgle/shared/constants';
import type { MemberView } from '@figgle/shared/organization-schemas';
import { ROLE_LABELS } from '@figgle/shared/roles';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { confirm } from '../../../ui/confirm/confirm-service';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { UserAvatar } from '../../../ui/user-avatar';
import { useChangeMemberRole } from '../api/change-member-role';
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

/** Shown beside the last owner's disabled controls: the server refuses the same (409). */
const LAST_OWNER_REASON = 'The last owner: make someone else an owner first.';

/** Make owner, Make member, or Step down on one's own row. */
function RoleButton({
  member,
  self,
  lastOwner,
  busy,
  onChange,
}: {
  member: MemberView;
  self: boolean;
  lastOwner: boolean;
  busy: boolean;
  onChange: (role: MemberView['role']) => void;
}) {
  const name = fullName(member);
  if (member.role === 'MEMBER') {
    return (
      <Button
        size="xs"
        variant="light"
        aria-label={`Make ${name} an owner`}
        loading={busy}
        onClick={() => onChange('OWNER')}
      >
        Make owner
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={self ? 'Step down as owner' : `Make ${name} a member`}
      disabled={lastOwner}
      loading={busy}
      onClick={() => onChange('MEMBER')}
    >
      {self ? 'Step down' : 'Make member'}
    </Button>
  );
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
  const changeRole = useChangeMemberRole(organizationId);
  const owners = members.filter((member) => member.role === 'OWNER').length;

  async function setRole(member: MemberView, role: MemberView['role']) {
    const self = member.user_id === currentUserId;
    const confirmed = await confirm(
      role === 'OWNER'
        ? {
            title: 'Make an owner?',
            text: `${fullName(member)} will manage the organization: its name, members, Figma link and webhooks.`,
            confirmLabel: 'Make owner',
          }
        : self
          ? {
              title: 'Step down as owner?',
              text: 'You stay a member; another owner can make you an owner again.',
              confirmLabel: 'Step down',
            }
          : {
              title: 'Make a member?',
              text: `${fullName(member)} will no longer manage the organization.`,
              confirmLabel: 'Make member',
            },
    );
    if (!confirmed) return;
    changeRole.mutate(
      { ruleId: member.rule_id, role },
      {
        onSuccess: () =>
          toastSuccess(
            role === 'OWNER'
              ? `${fullName(member)} is now an owner`
              : self
                ? 'You are now a member'
                : `${fullName(member)} is now a member`,
          ),
        onError: (error) => void showErrorDialog(error),
      },
    );
  }

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
                  <Group gap="xs" wrap="nowrap">
                    <RoleButton
                      member={member}
                      self={member.user_id === currentUserId}
                      lastOwner={member.role === 'OWNER' && owners <= 1}
                      busy={changeRole.isPending && changeRole.variables?.ruleId === member.rule_id}
                      onChange={(role) => void setRole(member, role)}
                    />
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Remove ${fullName(member)}`}
                      onClick={() => void revoke(member)}
                      disabled={
                        (member.role === 'OWNER' && owners <= 1) ||
                        (removeMember.isPending && removeMember.variables === member.rule_id)
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                  {member.role === 'OWNER' && owners <= 1 ? (
                    <Text size="xs" c="dimmed" mt={4}>
                      {LAST_OWNER_REASON}
                    </Text>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
