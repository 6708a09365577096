import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { toastError } from '../../../ui/toast';
import { useFigmaSettings } from '../api/get-figma-settings';
import { useDesignLinks } from '../api/list-design-links';
import { AddDesignLinkDialog } from '../components/add-design-link-dialog';
import { DesignLinksTable } from '../components/design-links-table';
import { FigmaHelpCard } from '../components/figma-help-card';
import { FigmaOAuthCard } from '../components/figma-oauth-card';
import { FigmaTeamForm } from '../components/figma-team-form';
import { FigmaTokenForm } from '../components/figma-token-form';
import { useFigmaOAuthReturn } from '../components/use-figma-oauth-return';

/** settings-figma: the personal token, a Team Id per owned organization, the design-file links. */
export function FigmaSettingsPage() {
  const settings = useFigmaSettings();
  const links = useDesignLinks();
  const failed = settings.isError || links.isError;
  useFigmaOAuthReturn();
  useEffect(() => {
    if (failed) toastError(t('messages.error'));
  }, [failed]);

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap={4}>
        <Title order={2} fz="lg" fw={600}>
          Figma
        </Title>
        <Text size="sm" c="dimmed">
          {tRich('figma-settings.intro', {
            link: (chunks) => (
              <Anchor component={Link} to={paths.figmaRadar} size="sm" underline="always">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      </Stack>

      <FigmaHelpCard />

      {settings.data ? (
        <>
          <FigmaTokenForm token={settings.data.token} />
          {settings.data.organizations.map((organization) => (
            <FigmaTeamForm key={organization.organization_id} organization={organization} />
          ))}
          {settings.data.organizations.map((organization) => (
            <FigmaOAuthCard
              key={`oauth-${organization.organization_id}`}
              organizationId={organization.organization_id}
              name={organization.name}
            />
          ))}
        </>
      ) : (
        <Stack gap="md" aria-busy={settings.isPending}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      )}

      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} fz="md" fw={600}>
            {t('figma-settings.figmaLinks')}
          </Title>
          <AddDesignLinkDialog />
        </Group>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {links.data ? (
            <DesignLinksTable links={links.data} />
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('messages.tableLoading')}
            </Text>
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}
