import { MESSAGES } from '@figgle/shared/constants';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeCheck } from '@tabler/icons-react';
import { toastError } from '../../../ui/toast';
import { useWatchers } from '../api/list-watchers';
import { useWatchTask } from '../api/watch-task';

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim() || 'Someone';

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
        <Tooltip
          label={
            watching ? 'You are told of its changes and comments' : 'Be told of its changes and comments'
          }
        >
          <Button
            size="xs"
            variant={watching ? 'light' : 'default'}
            leftSection={
              watching ? <IconEyeCheck size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
            }
            aria-pressed={watching}
            disabled={!watchers.data}
            loading={watch.isPending}
            onClick={() => watch.mutate(!watching, { onError: () => toastError(MESSAGES.error) })}
          >
            {watching ? 'Watching' : 'Watch'}
          </Button>
        </Tooltip>
        <Text size="xs" c="dimmed">
          {names.length === 1 ? '1 watcher' : `${names.length} watchers`}
        </Text>
      </Group>
      {names.length > 0 ? (
        <Text
          component="ul"
          aria-label="Watchers"
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
