import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { Code, Table, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { RevokeButton } from './revoke-button';
import { SecretsTable, SecretTime } from './secrets-table';

/** The person's tokens: what each may do, when it was last used, and a way to end it. */
export function ApiTokensTable({ tokens }: { tokens: ApiTokenView[] }) {
  return (
    <SecretsTable
      label={t('settings.apiTokens')}
      minWidth={560}
      columns={[
        { heading: t('settings.name'), miw: 180 },
        { heading: t('settings.scope') },
        { heading: t('settings.created') },
        { heading: t('settings.lastUsed') },
      ]}
    >
      {tokens.map((token) => (
        <ApiTokenRow key={token.api_token_id} token={token} />
      ))}
    </SecretsTable>
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
        <SecretTime at={token.created_at} />
      </Table.Td>
      <Table.Td>
        <SecretTime at={token.last_used_at} never={t('settings.never')} />
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
