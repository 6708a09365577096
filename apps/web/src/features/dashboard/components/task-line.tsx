import type { DashboardTaskView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';

type LinkedTask = Pick<DashboardTaskView, 'task_id' | 'reference' | 'title' | 'project'>;

/** A task in a dashboard list: its project's emoji, its reference (ABC-12) and its title, a link to its page. */
export function TaskLine({ task }: { task: LinkedTask }) {
  return (
    <>
      <ProjectEmoji emoji={task.project.emoji} size="xs" label={task.project.name} />
      <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {task.project.trigram}-{task.reference}
      </Text>
      <Anchor component={Link} to={paths.task(task.task_id)} size="sm" c="inherit" miw={0}>
        <Text component="span" size="sm" truncate display="block">
          {task.title}
        </Text>
      </Anchor>
    </>
  );
}
