import { IconCalendarMonth, IconLayoutKanban, IconList, IconTimeline } from '@tabler/icons-react';
import { t } from '../lib/i18n/i18n';
import { ViewSwitch } from '../ui/view-switch';
import { paths } from './paths';

/**
 * A project's four views (list, board, calendar, timeline) as links in its header, the current one
 * marked; `search`, the address's query (the filters), goes along to the other view.
 */
export function ProjectViewSwitch({
  projectId,
  current,
  search = '',
}: {
  projectId: string;
  current: 'list' | 'kanban' | 'calendar' | 'timeline';
  search?: string;
}) {
  return (
    <ViewSwitch
      size="lg"
      choices={[
        {
          label: t('shared.listView'),
          to: `${paths.projectList(projectId)}${search}`,
          icon: <IconList size={18} stroke={1.8} aria-hidden />,
          active: current === 'list',
        },
        {
          label: t('shared.kanbanView'),
          to: `${paths.projectKanban(projectId)}${search}`,
          icon: <IconLayoutKanban size={18} stroke={1.8} aria-hidden />,
          active: current === 'kanban',
        },
        {
          label: t('shared.calendarView'),
          to: `${paths.projectCalendar(projectId)}${search}`,
          icon: <IconCalendarMonth size={18} stroke={1.8} aria-hidden />,
          active: current === 'calendar',
        },
        {
          label: t('shared.timelineView'),
          to: `${paths.projectTimeline(projectId)}${search}`,
          icon: <IconTimeline size={18} stroke={1.8} aria-hidden />,
          active: current === 'timeline',
        },
      ]}
    />
  );
}
