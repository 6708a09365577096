import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import { Button, Table, Text } from '@mantine/core';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { confirm } from '../../../ui/confirm/confirm-service';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useInvitations } from '../api/list-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { LoadedList } from './loaded-list';

const inviterName = (invitation: PendingInvitation) =>
  invitation.invited_by
    ? [invitation.invited_by.firstname, invitation.invited_by.lastname].filter(Boolean).join(' ')
    : t('settings.formerMember');

const fullDate = (iso: string) => new Date(iso).toLocaleString(intlLocale());

/** Owners only: the invitations still waiting for an answer, each with Revoke. */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const invitations = useInvitations(organizationId);
  const revoke = useRevokeInvitation(organizationId);

  async function askToRevoke(invitation: PendingInvitation) {
    const confirmed = await confirm({
      title: t('settings.revokeInvitationTitle'),
      text: t('settings.revokeInvitationText', { email: invitation.email }),
      confirmLabel: t('settings.revoke'),
    });
    if (!confirmed) return;
    revoke.mutate(invitation.invitation_id, {
      onSuccess: () => toastSuccess(t('settings.invitationRevoked')),
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <LoadedList read={invitations} empty={t('settings.invitationsEmpty')} height={64}>
      {(items) => (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('settings.pendingInvitations')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.email')}</Table.Th>
                <Table.Th>{t('settings.invitedBy')}</Table.Th>
                <Table.Th>{t('settings.sent')}</Table.Th>
                <Table.Th>{t('settings.expires')}</Table.Th>
                <Table.Th>{t('settings.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invitation) => (
                <Table.Tr key={invitation.invitation_id}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {invitation.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{inviterName(invitation)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <When at={invitation.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <When at={invitation.expires_at} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('settings.revokeInvitationAria', { email: invitation.email })}
                      onClick={() => void askToRevoke(invitation)}
                      disabled={revoke.isPending && revoke.variables === invitation.invitation_id}
                    >
                      {t('settings.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </LoadedList>
  );
}

/** A moment as "in 7 days" or "a few seconds ago"; the exact date shows on hover. */
function When({ at }: { at: string }) {
  return (
    <Text size="sm" c="dimmed" title={fullDate(at)} style={{ whiteSpace: 'nowrap' }}>
      {relativeTime(at)}
    </Text>
  );
}
