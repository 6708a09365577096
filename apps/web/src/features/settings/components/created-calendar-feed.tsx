import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { t, tRich } from '../../../lib/i18n/i18n';

/** The new feed's address, shown once: copied into a calendar now, or lost (only its hash is kept). */
export function CreatedCalendarFeedPanel({
  created,
  onDone,
}: {
  created: CreatedCalendarFeed;
  onDone: () => void;
}) {
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      title={
        created.project_name
          ? t('settings.newFeedTitleProject', { name: created.project_name })
          : t('settings.newFeedTitleMine')
      }
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {tRich('settings.newFeedCopyNow', { strong: (chunks) => <strong>{chunks}</strong> })}
        </Text>
        <Textarea
          label={t('settings.feedAddress')}
          readOnly
          autosize
          minRows={1}
          value={created.url}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' } }}
        />
        <Group gap="sm">
          <CopyButton value={created.url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : null}
              >
                {copied ? t('settings.copied') : t('settings.copyAddress')}
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
