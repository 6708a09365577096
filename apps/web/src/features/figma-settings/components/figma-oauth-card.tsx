import type { FigmaOAuthConnection } from '@figgle/shared/figma-oauth-schemas';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDisconnectFigmaOAuth } from '../api/disconnect-figma-oauth';
import { useFigmaOAuth } from '../api/get-figma-oauth';
import { useStartFigmaOAuth } from '../api/start-figma-oauth';

const when = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The organization's link through Figma's OAuth: "Connect with Figma" (when the server has an OAuth
 * app), who connected it, when and with which scopes, "Disconnect", and the warning when Figma
 * refused to renew the access.
 */
export function FigmaOAuthCard({ organizationId, name }: { organizationId: string; name: string }) {
  const status = useFigmaOAuth(organizationId);
  const start = useStartFigmaOAuth(organizationId);
  const disconnect = useDisconnectFigmaOAuth(organizationId);
  if (!status.data?.configured) return null;
  const { connection, personal_token_fallback: fallback } = status.data;

  const connect = () =>
    start.mutate(undefined, { onError: () => toastError(t('figma-settings.figmaUnreachable')) });

  async function handleDisconnect() {
    const confirmed = await confirm({
      title: t('figma-settings.disconnectTitle'),
      text: fallback
        ? t('figma-settings.disconnectTextFallback', { name })
        : t('figma-settings.disconnectTextStop', { name }),
      confirmLabel: t('figma-settings.disconnect'),
    });
    if (!confirmed) return;
    disconnect.mutate(undefined, {
      onSuccess: () => toastSuccess(t('figma-settings.disconnected')),
      onError: () => toastError(t('figma-settings.disconnectFailed')),
    });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-label={t('figma-settings.connectionAria', { name })}
      component="section"
    >
      <Stack gap="sm">
        <Title order={3} fz="md" fw={600}>
          {t('figma-settings.signInWithFigma', { name })}
        </Title>
        {connection ? (
          <Connected connection={connection} />
        ) : (
          <Text size="sm" c="dimmed">
            {fallback
              ? t('figma-settings.connectInsteadFallback', { name })
              : t('figma-settings.connectInstead', { name })}
          </Text>
        )}
        {connection?.broken ? (
          <Alert color="red" title={t('figma-settings.refusedTitle')} role="alert">
            {t('figma-settings.refusedText', { reason: connection.broken.reason })}
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {!connection || connection.broken ? (
            <Button onClick={connect} loading={start.isPending}>
              {connection ? t('figma-settings.reconnect') : t('figma-settings.connect')}
            </Button>
          ) : null}
          {connection ? (
            <Button
              variant="default"
              color="red"
              onClick={() => void handleDisconnect()}
              loading={disconnect.isPending}
            >
              {t('figma-settings.disconnect')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function Connected({ connection }: { connection: FigmaOAuthConnection }) {
  return (
    <Stack gap={6} data-testid="figma-oauth-connected">
      <Text size="sm">
        {t('figma-settings.connectedBy', {
          name: connection.connected_by?.name ?? t('figma-settings.formerMember'),
          gone: connection.connected_by ? 'no' : 'yes',
          date: when(connection.connected_at),
        })}
      </Text>
      <Group gap={6} wrap="wrap" aria-label={t('figma-settings.scopes')}>
        {connection.scopes.map((scope) => (
          <Badge key={scope} variant="light" tt="none" fw={500}>
            {scope}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
