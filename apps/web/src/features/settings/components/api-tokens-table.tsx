import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { RevokeButton } from './revoke-button';

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
        <RevokeButton
          ariaLabel={t('settings.revokeTokenAria', { name: token.name })}
          question={{
            title: t('settings.revokeTokenTitle', { name: token.name }),
            text: t('settings.revokeTokenText'),
          }}
          done={t('settings.tokenRevoked', { name: token.name })}
          pending={revoke.isPending}
          revoke={() => revoke.mutateAsync(token.api_token_id)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
