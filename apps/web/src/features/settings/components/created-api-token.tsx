import type { CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { t, tRich } from '../../../lib/i18n/i18n';

/** The new token, shown once: copied now, or lost (only its hash is kept). */
export function CreatedApiTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      title={t('settings.newTokenTitle', { name: created.name })}
      role="status"
      // The light green tint leaves too little contrast for green title text: the text colour instead.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {tRich('settings.newTokenCopyNow', { strong: (chunks) => <strong>{chunks}</strong> })}
        </Text>
        <Textarea
          label={t('settings.token')}
          readOnly
          autosize
          minRows={1}
          value={created.token}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' } }}
        />
        <Group gap="sm">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : null}
              >
                {copied ? t('settings.copied') : t('settings.copyToken')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
            {t('settings.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
