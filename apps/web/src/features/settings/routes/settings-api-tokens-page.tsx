import type { CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiTokens } from '../api/list-api-tokens';
import { ApiTokensTable } from '../components/api-tokens-table';
import { CreatedApiTokenPanel } from '../components/created-api-token';
import { NewApiTokenForm } from '../components/new-api-token-form';
import { SettingsSectionTitle } from '../components/settings-section-title';
import { useLoadErrorToast } from '../components/use-load-error-toast';

/** Personal API tokens: scripts call Figgle's API as their owner, limited by the token's scope. */
export function SettingsApiTokensPage() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  useLoadErrorToast(tokens.isError);

  return (
    <>
      <SettingsSectionTitle
        title="API tokens"
        description={
          <>
            A token lets a script use Figgle’s API as you: it sees and changes only what you may, and a
            read-only token changes nothing. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
            Every route is described in the{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" inherit underline="always">
              API documentation
            </Anchor>
            .
          </>
        }
      />
      <Stack gap="xl" maw={760}>
        {created ? <CreatedApiTokenPanel created={created} onDone={() => setCreated(null)} /> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <NewApiTokenForm onCreated={setCreated} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {tokens.data ? (
            tokens.data.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                No API tokens yet. Create one above when a script needs to reach Figgle.
              </Text>
            ) : (
              <ApiTokensTable tokens={tokens.data} />
            )
          ) : (
            <Skeleton height={96} aria-busy={tokens.isPending} />
          )}
        </Paper>
      </Stack>
    </>
  );
}
