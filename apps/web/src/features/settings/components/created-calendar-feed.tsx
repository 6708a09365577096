import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** The new feed's address, shown once: copied into a calendar now, or lost (only its hash is kept). */
export function CreatedCalendarFeedPanel({
  created,
  onDone,
}: {
  created: CreatedCalendarFeed;
  onDone: () => void;
}) {
  const kind = created.project_name ? `the project ${created.project_name}` : 'your tasks';
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      title={`Your calendar feed of ${kind}`}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Add this address to your calendar application as a subscription (“From URL”). Anyone with it can
          read these due dates: keep it private. <strong>You will not see it again.</strong>
        </Text>
        <Textarea
          label="Feed address"
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
                {copied ? 'Copied' : 'Copy the address'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
