import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { useWatchers } from '../api/list-watchers';
import { useWatchTask } from '../api/watch-task';

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim() || t('task-detail.someone');

/**
 * "Watch" / "Watching": the person is told of the task's changes and comments while they watch it.
 * The author, the assignee, commenters and mentioned people watch without asking.
 */
export function WatchToggle({ taskId }: { taskId: string }) {
  const watchers = useWatchers(taskId);
  const watch = useWatchTask(taskId);
  const watching = watchers.data?.watching ?? false;
  const names = (watchers.data?.watchers ?? []).map(fullName);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={watching ? t('task-detail.watchingHint') : t('task-detail.watchHint')}>
          <Button
            size="xs"
            variant={watching ? 'light' : 'default'}
            leftSection={
              watching ? <IconEyeCheck size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
            }
            aria-pressed={watching}
            // The count beside it gives way first: "Beobachtet" is not cut to "Beobachte".
            style={{ flexShrink: 0 }}
            disabled={!watchers.data}
            loading={watch.isPending}
            onClick={() => watch.mutate(!watching, { onError: () => toastError(t('messages.error')) })}
          >
            {watching ? t('task-detail.watching') : t('task-detail.watch')}
          </Button>
        </Tooltip>
        <Text size="xs" c="dimmed">
          {t('task-detail.watcherCount', { count: names.length })}
        </Text>
      </Group>
      {names.length > 0 ? (
        <Text
          component="ul"
          aria-label={t('task-detail.watchers')}
          size="xs"
          c="dimmed"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {names.map((name, index) => (
            <Text component="li" key={watchers.data?.watchers[index]?.user_id} size="xs" display="inline">
              {name}
              {index < names.length - 1 ? ', ' : ''}
            </Text>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}
