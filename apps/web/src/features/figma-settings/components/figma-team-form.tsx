import type { FigmaOrganizationSettings } from '@figgle/shared/figma-schemas';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useSetFigmaTeam } from '../api/set-figma-team';
import { useSetReplyOnDone } from '../api/set-reply-on-done';

/**
 * One owned organization: its Figma Team Id (Save registers the team's webhook) and whether Figgle
 * replies in Figma when a task made from a comment is done.
 */
export function FigmaTeamForm({ organization }: { organization: FigmaOrganizationSettings }) {
  const [teamId, setTeamId] = useState(organization.figma_team_id ?? '');
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const setTeam = useSetFigmaTeam(organization.organization_id);
  const replyOnDone = useSetReplyOnDone(organization.organization_id);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWebhookError(null);
    setTeam.mutate(teamId.trim(), {
      onSuccess: (saved) => {
        setTeamId(saved.figma_team_id ?? '');
        toastSuccess(t('messages.figmaTeamIdSaved'));
        if (saved.webhook_live && !saved.webhook_error) {
          toastSuccess(t('messages.figmaIntegrationLive'));
        } else {
          setWebhookError(saved.webhook_error);
          toastError(t('messages.figmaWebhookFailed'));
        }
      },
      onError: () => toastError(t('messages.figmaWebhookFailedReload')),
    });
  }

  const formName = t('figma-settings.teamFormAria', { name: organization.name });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} fz="md" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('figma-settings.organizationNamed', { name: organization.name })}
          </Title>
          {organization.webhook_live ? (
            <Badge color="teal" variant="light" radius="sm" tt="none">
              {t('figma-settings.integrationLive')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" radius="sm" tt="none">
              {t('figma-settings.notConnected')}
            </Badge>
          )}
        </Group>
        <form onSubmit={handleSubmit} aria-label={formName}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('figma-settings.teamId')}
              description={t('figma-settings.teamIdHint')}
              placeholder="1234567890123456789"
              required
              pattern="\s*\S+\s*"
              maxLength={2048}
              autoComplete="off"
              value={teamId}
              onChange={(event) => setTeamId(event.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <Button type="submit" loading={setTeam.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </form>
        {webhookError ? (
          <Alert color="red" variant="light" radius="md" title={t('messages.figmaWebhookFailed')}>
            <Text size="sm">{webhookError}</Text>
          </Alert>
        ) : null}
        <Switch
          label={t('figma-settings.replyOnDone')}
          description={t('figma-settings.replyOnDoneHint')}
          checked={organization.reply_on_done}
          disabled={replyOnDone.isPending}
          onChange={(event) =>
            replyOnDone.mutate(event.currentTarget.checked, {
              onError: () => toastError(t('messages.saveFailed')),
            })
          }
        />
      </Stack>
    </Paper>
  );
}
