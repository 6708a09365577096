import { LIST_ANIMATION_DELAY_MS } from '@figgle/shared/constants';
import type { MyTaskView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { Anchor, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutKanban, IconList, IconMoodSmile } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { isFinishedIn, useStatusChoicesOfProjects } from '../../../shared/api/list-project-statuses';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useFailureToast } from '../../../ui/toast';
import { ViewSwitch } from '../../../ui/view-switch';
import { useMyTasks } from '../api/list-my-tasks';
import { AddTaskAnywhere } from './add-task-anywhere';
import { preloadBoard } from './board/board-code';
import { useFadeOut } from './filters/fade-out';
import { TaskFilterBar } from './filters/task-filter-bar';
import { useFilteredTasks, useTaskFilters } from './filters/use-task-filters';
import { LazyBoard } from './lazy-board';
import { myTasksStatuses } from './my-tasks-statuses';
import { TaskList } from './task-list';

const NO_TASKS: MyTaskView[] = [];

const organizationOfTask = (task: TaskSummaryView) => (task as MyTaskView).project.organization_id;

/** Board or list, kept in the address (?view=list) with the filters. */
function MyTasksViewSwitch({ list }: { list: boolean }) {
  const [params] = useSearchParams();
  const to = (asList: boolean) => {
    const next = new URLSearchParams(params);
    if (asList) next.set('view', 'list');
    else next.delete('view');
    const search = next.toString();
    return `${paths.myTasks}${search ? `?${search}` : ''}`;
  };
  return (
    <ViewSwitch
      size="lg"
      choices={[
        {
          label: t('tasks.kanbanView'),
          to: to(false),
          icon: <IconLayoutKanban size={18} stroke={1.8} aria-hidden />,
          active: !list,
        },
        {
          label: t('tasks.listView'),
          to: to(true),
          icon: <IconList size={18} stroke={1.8} aria-hidden />,
          active: list,
        },
      ]}
    />
  );
}

/**
 * The board of the tasks given to the signed-in user, across projects and organizations, or their
 * list, where rows can be ticked for a bulk change.
 */
export function MyTasksScreen() {
  preloadBoard();
  const tasks = useMyTasks();
  const filterState = useTaskFilters();
  const allTasks = tasks.data ?? NO_TASKS;
  // Each task's project's statuses: a project's own status shows by its name, in its category's place.
  const projectsKey = [...new Set(allTasks.map((task) => task.project.project_id))].sort().join(',');
  const projectIds = useMemo(() => (projectsKey ? projectsKey.split(',') : []), [projectsKey]);
  const statusesOf = useStatusChoicesOfProjects(projectIds);
  const statuses = useMemo(() => myTasksStatuses(allTasks, statusesOf), [allTasks, statusesOf]);
  const finished = useCallback(
    (task: MyTaskView) => isFinishedIn(statusesOf.get(task.project.project_id) ?? [], task.status),
    [statusesOf],
  );
  const matching = useFilteredTasks(allTasks, filterState.filters, null, finished);
  const filtered = useFadeOut(matching, filterState.key);
  const [params] = useSearchParams();
  const asList = params.get('view') === 'list';
  // The list animates changes only a moment after it opens, as a project's does.
  const [animated, setAnimated] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnimated(true), LIST_ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useFailureToast(tasks.isError, t('messages.loadFailed'));

  return (
    <>
      <PageHeader
        title={t('tasks.myTasks')}
        subtitle={t('messages.myTasksSubtitle')}
        actions={
          <>
            <MyTasksViewSwitch list={asList} />
            <AddTaskAnywhere />
          </>
        }
      />
      {tasks.isPending ? (
        <PageLoader />
      ) : (tasks.data ?? []).length === 0 ? (
        <Center py={64}>
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconMoodSmile size={26} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Text fw={600} mt="sm">
              {t('messages.noTasks')}
            </Text>
            <Anchor component={Link} to={paths.projects} size="sm">
              {t('messages.noTasksHint')}
            </Anchor>
          </Stack>
        </Center>
      ) : (
        <>
          {/* Every task here is the viewer's: no assignee filter. */}
          <TaskFilterBar state={filterState} tasks={allTasks} shownCount={matching.length} />
          {asList ? (
            // The list's selection bar changes many tasks at once (docs/product.md#bulk-changes).
            <TaskList
              tasks={filtered.items}
              loading={false}
              organizationId={allTasks[0]!.project.organization_id}
              organizationOf={organizationOfTask}
              animated={animated}
              leaving={filtered.leaving}
              emptyMessage={t('tasks.noMatch')}
            />
          ) : (
            <LazyBoard
              tasks={allTasks}
              shown={filtered.items}
              leaving={filtered.leaving}
              statuses={statuses}
              personal
            />
          )}
        </>
      )}
    </>
  );
}
