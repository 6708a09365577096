import type { CreatedWebhook } from '@figgle/shared/webhook-schemas';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';

/** The signing secret of the webhook just added: the only time Figgle shows it. */
export function WebhookSecretAlert({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <Alert color="green" title={t('settings.secretTitle')} role="status">
      <Stack gap="sm">
        <Text size="sm">{t('settings.secretText')}</Text>
        <Code
          block
          aria-label={t('settings.signingSecret')}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {webhook.secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={webhook.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('settings.copied') : t('settings.copySecret')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('settings.savedIt')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
