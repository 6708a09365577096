import { ActionIcon, Group } from '@mantine/core';
import { IconCalendarMonth, IconLayoutKanban, IconList, IconTimeline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

/** The project's four views, as the list, board and calendar show them; the timeline is current. */
export function ViewSwitch({ projectId }: { projectId: string }) {
  const views = [
    { label: 'List view', to: paths.projectList(projectId), icon: IconList },
    { label: 'Kanban view', to: paths.projectKanban(projectId), icon: IconLayoutKanban },
    { label: 'Calendar view', to: paths.projectCalendar(projectId), icon: IconCalendarMonth },
    { label: 'Timeline view', to: paths.projectTimeline(projectId), icon: IconTimeline },
  ];
  return (
    <Group
      gap={2}
      p={2}
      style={{ border: '1px solid var(--figgle-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {views.map(({ label, to, icon: Icon }) => {
        const active = label === 'Timeline view';
        return (
          <ActionIcon
            key={label}
            component={Link}
            to={to}
            replace
            size="lg"
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            aria-label={label}
            aria-current={active ? 'page' : undefined}
            title={label}
          >
            <Icon size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
