import type { CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { Anchor, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { t, tRich } from '../../../lib/i18n/i18n';
import { useApiTokens } from '../api/list-api-tokens';
import { ApiTokensTable } from '../components/api-tokens-table';
import { CreatedApiTokenPanel } from '../components/created-api-token';
import { LoadedList } from '../components/loaded-list';
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
        title={t('settings.apiTokens')}
        description={tRich('settings.apiTokensIntro', {
          header: 'Authorization: Bearer <token>',
          code: (chunks) => <code>{chunks}</code>,
          link: (chunks) => (
            <Anchor href="/api/docs" target="_blank" rel="noopener" inherit underline="always">
              {chunks}
            </Anchor>
          ),
        })}
      />
      <Stack gap="xl" maw={760}>
        {created ? <CreatedApiTokenPanel created={created} onDone={() => setCreated(null)} /> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <NewApiTokenForm onCreated={setCreated} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <LoadedList read={tokens} empty={t('settings.apiTokensEmpty')} height={96}>
            {(items) => <ApiTokensTable tokens={items} />}
          </LoadedList>
        </Paper>
      </Stack>
    </>
  );
}
