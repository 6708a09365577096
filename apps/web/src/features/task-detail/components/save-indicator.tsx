import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import type { AutosaveStatus } from '../hooks/use-autosave';

/** One indicator for the title and the description: the least finished of the two wins. */
export function SaveIndicator({ statuses }: { statuses: AutosaveStatus[] }) {
  const status: AutosaveStatus = statuses.includes('error')
    ? 'error'
    : statuses.some((s) => s === 'saving' || s === 'pending')
      ? 'saving'
      : statuses.includes('saved')
        ? 'saved'
        : 'idle';
  return (
    <Group gap={6} role="status" aria-live="polite" mih={20} wrap="nowrap">
      {status === 'saving' ? (
        <>
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            {t('task-detail.saving')}
          </Text>
        </>
      ) : null}
      {status === 'saved' ? (
        <>
          <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text size="xs" c="dimmed">
            {t('task-detail.saved')}
          </Text>
        </>
      ) : null}
      {status === 'error' ? (
        <>
          <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="xs" c="red">
            {t('task-detail.notSaved')}
          </Text>
        </>
      ) : null}
    </Group>
  );
}
