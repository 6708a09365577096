import type { MemberView } from '@figgle/shared/organization-schemas';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
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
        aria-label={t('settings.makeOwnerAria', { name })}
        loading={busy}
        onClick={() => onChange('OWNER')}
      >
        {t('settings.makeOwner')}
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={self ? t('settings.stepDownAria') : t('settings.makeMemberAria', { name })}
      disabled={lastOwner}
      loading={busy}
      onClick={() => onChange('MEMBER')}
    >
      {self ? t('settings.stepDown') : t('settings.makeMember')}
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
            title: t('settings.makeOwnerTitle'),
            text: t('settings.makeOwnerText', { name: fullName(member) }),
            confirmLabel: t('settings.makeOwner'),
          }
        : self
          ? {
              title: t('settings.stepDownTitle'),
              text: t('settings.stepDownText'),
              confirmLabel: t('settings.stepDown'),
            }
          : {
              title: t('settings.makeMemberTitle'),
              text: t('settings.makeMemberText', { name: fullName(member) }),
              confirmLabel: t('settings.makeMember'),
            },
    );
    if (!confirmed) return;
    changeRole.mutate(
      { ruleId: member.rule_id, role },
      {
        onSuccess: () =>
          toastSuccess(
            role === 'OWNER'
              ? t('settings.nowOwner', { name: fullName(member) })
              : self
                ? t('settings.nowMemberSelf')
                : t('settings.nowMember', { name: fullName(member) }),
          ),
        onError: (error) => void showErrorDialog(error),
      },
    );
  }

  async function revoke(member: MemberView) {
    const confirmed = await confirm({
      title: t('messages.revokeAccessTitle'),
      text: t('messages.revokeAccessText', { name: fullName(member) }),
      confirmLabel: t('settings.revoke'),
    });
    if (!confirmed) return;
    removeMember.mutate(member.rule_id, {
      onSuccess: () => {
        toastSuccess(t('messages.memberRevoked'));
        if (member.user_id === currentUserId) onSelfRemoved?.();
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('settings.members')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.firstname')}</Table.Th>
            <Table.Th>{t('settings.lastname')}</Table.Th>
            <Table.Th>{t('settings.email')}</Table.Th>
            <Table.Th>{t('settings.roleColumn')}</Table.Th>
            {manageable ? <Table.Th>{t('settings.actions')}</Table.Th> : null}
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
                  {t('settings.role', { role: member.role })}
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
                      aria-label={t('settings.removeAria', { name: fullName(member) })}
                      onClick={() => void revoke(member)}
                      disabled={
                        (member.role === 'OWNER' && owners <= 1) ||
                        (removeMember.isPending && removeMember.variables === member.rule_id)
                      }
                    >
                      {t('settings.remove')}
                    </Button>
                  </Group>
                  {/* Beside the last owner's disabled controls: the server refuses the same (409). */}
                  {member.role === 'OWNER' && owners <= 1 ? (
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('settings.lastOwnerReason')}
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
