import type { FigmaOAuthConnection } from '@figgle/shared/figma-oauth-schemas';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDisconnectFigmaOAuth } from '../api/disconnect-figma-oauth';
import { useFigmaOAuth } from '../api/get-figma-oauth';
import { useStartFigmaOAuth } from '../api/start-figma-oauth';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
    start.mutate(undefined, { onError: () => toastError('Figma could not be reached. Try again.') });

  async function handleDisconnect() {
    const confirmed = await confirm({
      title: 'Disconnect Figma?',
      text: fallback
        ? `Figgle deletes ${name}'s Figma access. Figma work goes on with an owner's personal token.`
        : `Figgle deletes ${name}'s Figma access. Figma work stops until Figma is connected again or an owner registers a personal token.`,
      confirmLabel: 'Disconnect',
    });
    if (!confirmed) return;
    disconnect.mutate(undefined, {
      onSuccess: () => toastSuccess('Figma is disconnected.'),
      onError: () => toastError('Sorry, Figma could not be disconnected. Try again.'),
    });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-label={`Figma connection of ${name}`}
      component="section"
    >
      <Stack gap="sm">
        <Title order={3} fz="md" fw={600}>
          Sign in with Figma: {name}
        </Title>
        {connection ? (
          <Connected connection={connection} />
        ) : (
          <Text size="sm" c="dimmed">
            Connect {name} to Figma with your Figma account instead of a personal token.
            {fallback ? ' Until then, an owner’s personal token is used.' : ''}
          </Text>
        )}
        {connection?.broken ? (
          <Alert color="red" title="Figma refused to renew the access" role="alert">
            {connection.broken.reason} Figma work is paused until you connect again.
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {!connection || connection.broken ? (
            <Button onClick={connect} loading={start.isPending}>
              {connection ? 'Reconnect with Figma' : 'Connect with Figma'}
            </Button>
          ) : null}
          {connection ? (
            <Button
              variant="default"
              color="red"
              onClick={() => void handleDisconnect()}
              loading={disconnect.isPending}
            >
              Disconnect
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
        Connected by {connection.connected_by?.name ?? 'a former member'} on {when(connection.connected_at)}.
      </Text>
      <Group gap={6} wrap="wrap" aria-label="Scopes">
        {connection.scopes.map((scope) => (
          <Badge key={scope} variant="light" tt="none" fw={500}>
            {scope}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
