import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { useMembers } from '../../../shared/api/list-members';
import { paths } from '../../../shared/paths';
import { useOrganization } from '../api/get-organization';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { MembersTable } from '../components/members-table';
import { OrganizationExport } from '../components/organization-export';
import { OrganizationNameForm } from '../components/organization-name-form';
import {
  OrganizationNotFound,
  OrganizationPageFrame,
  OrganizationPageTitle,
  organizationMissing,
} from '../components/organization-page-frame';
import { OrganizationTimeZone } from '../components/organization-time-zone';
import { PendingInvitations } from '../components/pending-invitations';
import { useLoadErrorToast } from '../components/use-load-error-toast';

export function SettingsOrganizationPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const organization = useOrganization(organizationId);
  const members = useMembers(organizationId);
  const me = useMe();
  const notFound = organizationMissing(organization.error);
  useLoadErrorToast((organization.isError && !notFound) || members.isError || me.isError);

  if (notFound) return <OrganizationNotFound />;
  if (!organization.data || !me.data) {
    return (
      <Stack gap="md" aria-busy={organization.isPending || me.isPending}>
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  }

  const role = organization.data.rules.find((rule) => rule.user_id === me.data.user_id)?.role ?? 'MEMBER';
  const isOwner = role === 'OWNER';

  return (
    <OrganizationPageFrame
      missing={false}
      title={
        <Group gap="sm" wrap="wrap">
          <OrganizationPageTitle>
            {t('settings.organizationNamed', { name: organization.data.name })}
          </OrganizationPageTitle>
          <Badge variant={isOwner ? 'filled' : 'light'} radius="sm" tt="none">
            {t('settings.role', { role })}
          </Badge>
        </Group>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        {isOwner ? (
          <OrganizationNameForm organizationId={organizationId} name={organization.data.name} />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('settings.name')}
            </Text>
            <Text>{organization.data.name}</Text>
          </Stack>
        )}
        <Stack mt="md">
          <OrganizationTimeZone organizationId={organizationId} editable={isOwner} />
        </Stack>
      </Paper>

      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} fz="md" fw={600}>
            {t('settings.members')}
          </Title>
          {isOwner ? <InviteMemberDialog organizationId={organizationId} /> : null}
        </Group>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {members.data ? (
            <MembersTable
              organizationId={organizationId}
              members={members.data}
              manageable={isOwner}
              currentUserId={me.data.user_id}
              onSelfRemoved={() => void navigate(paths.settingsProfile, { replace: true })}
            />
          ) : (
            <Skeleton height={96} />
          )}
        </Paper>
      </Stack>

      {isOwner ? (
        <Stack gap="md">
          <Title order={3} fz="md" fw={600}>
            {t('settings.pendingInvitations')}
          </Title>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            <PendingInvitations organizationId={organizationId} />
          </Paper>
        </Stack>
      ) : null}

      {isOwner ? <OrganizationExport organizationId={organizationId} /> : null}
    </OrganizationPageFrame>
  );
}
