import { ActionIcon, Group } from '@mantine/core';
import { IconCalendarMonth, IconLayoutKanban, IconList, IconTimeline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

/** The project's four views, as the list, board and calendar show them; the timeline is current. */
export function ViewSwitch({ projectId }: { projectId: string }) {
  const views = [
    { key: 'list', label: t('timeline.listView'), to: paths.projectList(projectId), icon: IconList },
    {
      key: 'kanban',
      label: t('timeline.kanbanView'),
      to: paths.projectKanban(projectId),
      icon: IconLayoutKanban,
    },
    {
      key: 'calendar',
      label: t('timeline.calendarView'),
      to: paths.projectCalendar(projectId),
      icon: IconCalendarMonth,
    },
    {
      key: 'timeline',
      label: t('timeline.timelineView'),
      to: paths.projectTimeline(projectId),
      icon: IconTimeline,
    },
  ];
  return (
    <Group
      gap={2}
      p={2}
      style={{ border: '1px solid var(--figgle-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {views.map(({ key, label, to, icon: Icon }) => {
        const active = key === 'timeline';
        return (
          <ActionIcon
            key={key}
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
