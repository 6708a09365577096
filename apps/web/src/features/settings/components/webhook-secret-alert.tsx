import type { CreatedWebhook } from '@figgle/shared/webhook-schemas';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The signing secret of the webhook just added: the only time Figgle shows it. */
export function WebhookSecretAlert({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <Alert color="green" title="Webhook added: copy its signing secret now" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Your receiver checks each delivery’s X-Figgle-Signature with this secret. Figgle shows it only this
          once; if it is lost, delete the webhook and add it again.
        </Text>
        <Code block aria-label="Signing secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {webhook.secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={webhook.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy the secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
