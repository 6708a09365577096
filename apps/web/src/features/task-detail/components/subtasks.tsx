import { STATUS_LABELS } from '@figgle/shared/status';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { toastError } from '../../../ui/toast';
import { useAddSubtask } from '../api/add-subtask';
import { useTaskStructure } from '../api/get-task-structure';

/** The task page's Sub-tasks: each by reference, title and status, the progress, and a new one by title. */
export function Subtasks({ taskId, projectId }: { taskId: string; projectId: string }) {
  const structure = useTaskStructure(taskId);
  const addSubtask = useAddSubtask();
  const [title, setTitle] = useState('');
  const subtasks = structure.data?.subtasks ?? [];
  const progress = structure.data?.progress;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = title.trim();
    if (!wanted) return;
    addSubtask.mutate(
      { parentId: taskId, projectId, title: wanted },
      {
        onSuccess: () => setTitle(''),
        onError: (error) => toastError(error.message),
      },
    );
  }

  return (
    <section aria-labelledby="task-subtasks-heading">
      <Group gap="xs" mb={8}>
        <Title id="task-subtasks-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase">
          Sub-tasks
        </Title>
        {progress && progress.total > 0 ? (
          <Text size="sm" c="dimmed" aria-label={`${progress.done} of ${progress.total} done`}>
            {progress.done}/{progress.total}
          </Text>
        ) : null}
      </Group>
      <Stack gap={6}>
        {subtasks.length > 0 ? (
          <Stack
            component="ul"
            gap={4}
            aria-label="Sub-tasks"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {subtasks.map((subtask) => (
              <Group component="li" key={subtask.task_id} gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" ff="monospace">
                  {subtask.reference}
                </Text>
                <Anchor
                  component={Link}
                  to={paths.task(subtask.task_id)}
                  size="sm"
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Text component="span" inherit truncate>
                    {subtask.title}
                  </Text>
                </Anchor>
                <Badge variant="light" size="sm">
                  {STATUS_LABELS[subtask.status]}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : null}
        <form onSubmit={submit} aria-label="Add a sub-task">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Title of the new sub-task"
              placeholder="Add a sub-task"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={255}
            />
            <Button type="submit" variant="default" loading={addSubtask.isPending} disabled={!title.trim()}>
              Add
            </Button>
          </Group>
        </form>
      </Stack>
    </section>
  );
}

/** Above a sub-task's title: "Sub-task of WEB-12 Checkout redesign", a link to the parent. */
export function ParentLink({ taskId }: { taskId: string }) {
  const parent = useTaskStructure(taskId).data?.parent;
  if (!parent) return null;
  return (
    <Text size="sm" c="dimmed">
      Sub-task of{' '}
      <Anchor component={Link} to={paths.task(parent.task_id)} size="sm">
        {parent.reference} {parent.title}
      </Anchor>
    </Text>
  );
}
