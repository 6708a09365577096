import type { DashboardTaskView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { DashboardCard } from './dashboard-card';
import { EmptyNote } from './empty-note';

export interface MyTaskListProps {
  title: string;
  tasks: DashboardTaskView[] | undefined;
  empty: string;
}

/** Tasks assigned to the user in one status, most recently changed first, each linking to its page. */
export function MyTaskList({ title, tasks, empty }: MyTaskListProps) {
  return (
    <DashboardCard title={title}>
      {!tasks ? (
        <Skeleton h={120} />
      ) : tasks.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tasks.map((task) => (
            <Group component="li" key={task.task_id} gap={8} wrap="nowrap">
              <ProjectEmoji emoji={task.project.emoji} size="xs" label={task.project.name} />
              <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {task.project.trigram}-{task.reference}
              </Text>
              <Anchor component={Link} to={paths.task(task.task_id)} size="sm" c="inherit" miw={0}>
                <Text component="span" size="sm" truncate display="block">
                  {task.title}
                </Text>
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
