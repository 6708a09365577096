import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRevokeApiToken } from '../api/revoke-api-token';

const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.statusCode < 500 ? error.message : t('settings.reloadAndRetry');

function When({ at, never }: { at: string | null; never: string }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        {never}
      </Text>
    );
  return (
    <Text size="sm" title={new Date(at).toLocaleString(intlLocale())}>
      {relativeTime(at)}
    </Text>
  );
}

/** The person's tokens: what each may do, when it was last used, and a way to end it. */
export function ApiTokensTable({ tokens }: { tokens: ApiTokenView[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={t('settings.apiTokens')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>{t('settings.name')}</Table.Th>
            <Table.Th>{t('settings.scope')}</Table.Th>
            <Table.Th>{t('settings.created')}</Table.Th>
            <Table.Th>{t('settings.lastUsed')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('settings.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <ApiTokenRow key={token.api_token_id} token={token} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ApiTokenRow({ token }: { token: ApiTokenView }) {
  const revoke = useRevokeApiToken();

  async function askToRevoke() {
    const sure = await confirm({
      title: t('settings.revokeTokenTitle', { name: token.name }),
      text: t('settings.revokeTokenText'),
      confirmLabel: t('settings.revoke'),
    });
    if (!sure) return;
    // Awaited rather than mutate's callbacks: the row leaves the list on success, and callbacks of
    // an unmounted component's mutate never run.
    try {
      await revoke.mutateAsync(token.api_token_id);
      toastSuccess(t('settings.tokenRevoked', { name: token.name }));
    } catch (error) {
      toastError(reason(error));
    }
  }

  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={500}>
          {token.name}
        </Text>
        <Code fz="xs">{token.prefix}…</Code>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={token.scope === 'read' ? 400 : 600}>
          {token.scope === 'read' ? t('settings.readOnly') : t('settings.readWrite')}
        </Text>
      </Table.Td>
      <Table.Td>
        <When at={token.created_at} never="" />
      </Table.Td>
      <Table.Td>
        <When at={token.last_used_at} never={t('settings.never')} />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={t('settings.revokeTokenAria', { name: token.name })}
          loading={revoke.isPending}
          onClick={askToRevoke}
        >
          {t('settings.revoke')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
