import type { PendingInvitation } from '@figgle/shared/invitation-schemas';
import { relativeTime } from '@figgle/shared/relative-time';
import { Button, Skeleton, Table, Text } from '@mantine/core';
import { confirm } from '../../../ui/confirm/confirm-service';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useInvitations } from '../api/list-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

const INVITATION_TEXTS = {
  revokeTitle: 'Revoke the invitation?',
  revokeText: (email: string) =>
    `Are you sure you want to revoke the invitation sent to ${email}? Its link will stop working.`,
  revoked: 'Invitation has been revoked.',
  empty: 'No pending invitations.',
};

const inviterName = (invitation: PendingInvitation) =>
  invitation.invited_by
    ? [invitation.invited_by.firstname, invitation.invited_by.lastname].filter(Boolean).join(' ')
    : 'A former member';

const fullDate = (iso: string) => new Date(iso).toLocaleString();

/** Owners only: the invitations still waiting for an answer, each with Revoke. */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const invitations = useInvitations(organizationId);
  const revoke = useRevokeInvitation(organizationId);

  async function askToRevoke(invitation: PendingInvitation) {
    const confirmed = await confirm({
      title: INVITATION_TEXTS.revokeTitle,
      text: INVITATION_TEXTS.revokeText(invitation.email),
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return;
    revoke.mutate(invitation.invitation_id, {
      onSuccess: () => toastSuccess(INVITATION_TEXTS.revoked),
      onError: (error) => void showErrorDialog(error),
    });
  }

  if (!invitations.data) return <Skeleton height={64} aria-busy={invitations.isPending} />;
  if (invitations.data.length === 0)
    return (
      <Text size="sm" c="dimmed" p="xs">
        {INVITATION_TEXTS.empty}
      </Text>
    );

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Pending invitations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Invited by</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.data.map((invitation) => (
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
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  onClick={() => void askToRevoke(invitation)}
                  disabled={revoke.isPending && revoke.variables === invitation.invitation_id}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
