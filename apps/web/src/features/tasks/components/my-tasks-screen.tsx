import { MESSAGES } from '@figgle/shared/constants';
import type { MyTaskView } from '@figgle/shared/task-schemas';
import { Anchor, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { isFinishedIn, useStatusChoicesOfProjects } from '../../../shared/api/list-project-statuses';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { toastError } from '../../../ui/toast';
import { useMyTasks } from '../api/list-my-tasks';
import { AddTaskAnywhere } from './add-task-anywhere';
import { preloadBoard } from './board/board-code';
import { useFadeOut } from './filters/fade-out';
import { TaskFilterBar } from './filters/task-filter-bar';
import { useFilteredTasks, useTaskFilters } from './filters/use-task-filters';
import { LazyBoard } from './lazy-board';
import { myTasksStatuses } from './my-tasks-statuses';

const NO_TASKS: MyTaskView[] = [];

/** The board of the tasks given to the signed-in user, across projects and organizations. */
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
  useEffect(() => {
    if (tasks.isError) toastError(MESSAGES.loadFailed);
  }, [tasks.isError]);

  return (
    <>
      <PageHeader title="My tasks" subtitle={MESSAGES.myTasksSubtitle} actions={<AddTaskAnywhere />} />
      {tasks.isPending ? (
        <PageLoader />
      ) : (tasks.data ?? []).length === 0 ? (
        <Center py={64}>
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconMoodSmile size={26} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Text fw={600} mt="sm">
              {MESSAGES.noTasks}
            </Text>
            <Anchor component={Link} to={paths.projects} size="sm">
              {MESSAGES.noTasksHint}
            </Anchor>
          </Stack>
        </Center>
      ) : (
        <>
          {/* Every task here is the viewer's: no assignee filter. */}
          <TaskFilterBar state={filterState} tasks={allTasks} shownCount={matching.length} />
          <LazyBoard
            tasks={allTasks}
            shown={filtered.items}
            leaving={filtered.leaving}
            statuses={statuses}
            personal
          />
        </>
      )}
    </>
  );
}
