import { LIST_ANIMATION_DELAY_MS } from '@figgle/shared/constants';
import type { TaskStatus } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { ActionIcon, Anchor, Button, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconFlag, IconPlus, IconRepeat, IconSettings } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { refetchUnlessJustAnswered } from '../../../lib/just-answered';
import { useLazyDialog } from '../../../lib/lazy-dialog';
import { lazyReady } from '../../../lib/lazy-ready';
import { preloadRoute } from '../../../lib/route-intent';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { useMembers } from '../../../shared/api/list-members';
import { useProjectCustomFields, useValuesByTask } from '../../../shared/api/list-project-custom-fields';
import { useFinishedTest, useProjectStatuses } from '../../../shared/api/list-project-statuses';
import { queryKeys } from '../../../shared/api/query-keys';
import { onNewTaskRequested } from '../../../shared/app-actions';
import { FieldFilterButtons } from '../../../shared/custom-values/field-filter-buttons';
import { useFieldFilters, useTasksMatchingFields } from '../../../shared/custom-values/field-filters';
import { paths } from '../../../shared/paths';
import { ProjectViewSwitch } from '../../../shared/project-view-switch';
import { AddFirstButton, EmptyState } from '../../../ui/empty-state';
import { PageLoader } from '../../../ui/page-loader';
import { toastError } from '../../../ui/toast';
import { projectQueryOptions } from '../api/get-project';
import { projectTasksQueryOptions } from '../api/list-project-tasks';
import type { AddTaskDialogProps } from './add-task-dialog';
import { preloadBoard } from './board/board-code';
import { BoardPlaceholder } from './board/board-placeholder';
import { LazyCalendar } from './calendar/calendar-code';
import { CurrentCycleToggle } from './filters/current-cycle-toggle';
import { useFadeOut } from './filters/fade-out';
import { TaskFilterBar } from './filters/task-filter-bar';
import { useFilteredTasks, useTaskFilters } from './filters/use-task-filters';
import { LazyBoard } from './lazy-board';
import { useSubtaskView } from './list/use-subtask-view';
import { ProjectHeader } from './project-header';
import type { ProjectSettingsDialogProps } from './project-settings-dialog';
import { TaskList } from './task-list';

// The dialogs' forms are fetched once the project is shown (app/lazy-dialog.ts), not before its tasks.
const AddTaskDialog = lazyReady<AddTaskDialogProps>(
  async () => (await import('./add-task-dialog')).AddTaskDialog,
);
const ProjectSettingsDialog = lazyReady<ProjectSettingsDialogProps>(
  async () => (await import('./project-settings-dialog')).ProjectSettingsDialog,
);

const NO_TASKS: TaskSummaryView[] = [];

export function ProjectScreen({ projectId }: { projectId: string }) {
  const { pathname, search } = useLocation();
  const asBoard = pathname.endsWith('/kanban');
  const asCalendar = pathname.endsWith('/calendar');
  if (asBoard) preloadBoard();
  // Read when the screen opens, unless the first page load's early start has just read them.
  const project = useQuery({ ...projectQueryOptions(projectId), refetchOnMount: refetchUnlessJustAnswered });
  const statuses = useProjectStatuses(projectId);
  const queryClient = useQueryClient();
  const tasks = useQuery({
    ...projectTasksQueryOptions(projectId),
    refetchOnMount: refetchUnlessJustAnswered,
  });
  // A status removed elsewhere moved its tasks (docs/product.md#statuses): when a task holds a key
  // the project's list no longer has, its tasks are read again.
  useEffect(() => {
    const keys = statuses.data ? new Set(statuses.data.map((status) => status.key)) : null;
    if (keys && tasks.data?.some((task) => !keys.has(task.status)))
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId), exact: true });
  }, [statuses.data, tasks.data, queryClient, projectId]);
  // Read once here, so the first assignee picker opened already has its options.
  useMembers(project.data?.organization_id);
  const shown = project.isSuccess && tasks.isSuccess;
  const filterState = useTaskFilters();
  const [subtaskView, setSubtaskView] = useSubtaskView();
  const allTasks = tasks.data ?? NO_TASKS;
  const cycles = useProjectCycles(projectId);
  const currentCycle = cycles.data?.cycles.find((cycle) => cycle.state === 'current') ?? null;
  // Custom fields (docs/product.md#custom-fields): their filters apply first, kept in the address too.
  const customFields = useProjectCustomFields(projectId);
  const valuesByTask = useValuesByTask(customFields.data);
  const [fieldFilters, setFieldFilter] = useFieldFilters();
  // The rows wait for the reads that add to the filter bar above them (the "Current cycle" chip, the
  // fields' filters; the route asks for them with the tasks): drawn earlier, they moved down when
  // these answered, under a click already on its way (a tick on the list's checkbox was lost so).
  // Offline, a read with no saved copy waits paused: the rows are drawn without it.
  const filterBarKnown = [cycles, customFields].every(
    (read) => !read.isPending || read.fetchStatus === 'paused',
  );
  const rows = filterBarKnown ? tasks.data : undefined;
  const fieldMatching = useTasksMatchingFields(
    allTasks,
    fieldFilters,
    customFields.data?.fields,
    valuesByTask,
  );
  // "Overdue" leaves out finished tasks: of the Done or Canceled category (docs/product.md#statuses).
  const finished = useFinishedTest(statuses.data);
  const matching = useFilteredTasks(
    fieldMatching,
    filterState.filters,
    currentCycle?.cycle_id ?? null,
    finished,
  );
  const filtered = useFadeOut(matching, `${filterState.key}|${[...fieldFilters].join(';')}`);
  const addDialog = useLazyDialog(AddTaskDialog, shown);
  const settingsDialog = useLazyDialog(ProjectSettingsDialog, shown);
  // "c" and the command palette's "Create a task" open the add-task dialog (shared/app-actions.ts).
  const openAddDialog = useRef(addDialog.open);
  openAddDialog.current = addDialog.open;
  // The status the form opens with: a board column's "+" gives its own, every other way To Do.
  const [addStatus, setAddStatus] = useState<TaskStatus | undefined>(undefined);
  const openAdd = useCallback((status?: TaskStatus) => {
    setAddStatus(status);
    openAddDialog.current();
  }, []);
  useEffect(
    () =>
      onNewTaskRequested((requested) => {
        if (requested !== undefined && requested !== projectId) return false;
        openAdd();
        return true;
      }),
    [projectId, openAdd],
  );

  // The list animates changes only from 1000 ms after the project opens (docs/product.md#task-list).
  const [animated, setAnimated] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnimated(true), LIST_ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const missing = project.error instanceof ApiRequestError && [400, 404].includes(project.error.statusCode);
  useEffect(() => {
    if (project.isError && !missing) toastError(t('messages.error'));
  }, [project.isError, missing]);
  useEffect(() => {
    if (tasks.isError && !missing) toastError(t('messages.loadFailed'));
  }, [tasks.isError, missing]);

  if (missing) {
    return (
      <Stack align="flex-start" gap="sm">
        <Title order={1} fz={24}>
          {t('tasks.projectNotFound')}
        </Title>
        <Text c="dimmed">{t('tasks.projectNotFoundText')}</Text>
        <Anchor component={Link} to={paths.projects}>
          {t('tasks.backToProjects')}
        </Anchor>
      </Stack>
    );
  }
  if (!project.data) return <PageLoader />;

  // A project without any task (not one whose tasks the filters hide) says how to fill it.
  const noTaskYet =
    tasks.isSuccess && allTasks.length === 0 ? (
      <EmptyState
        label={t('tasks.noTaskYet')}
        hint={t('tasks.noTaskYetHint')}
        action={
          <AddFirstButton
            label={t('tasks.addFirstTask')}
            dialog={{ open: () => openAdd(), preload: addDialog.preload }}
          />
        }
      />
    ) : null;

  return (
    <>
      <ProjectHeader
        project={project.data}
        actions={
          <>
            <ProjectViewSwitch
              projectId={projectId}
              current={asBoard ? 'kanban' : asCalendar ? 'calendar' : 'list'}
              search={search}
            />
            <ActionIcon
              component={Link}
              to={paths.projectMilestones(projectId)}
              size="lg"
              variant="default"
              aria-label={t('tasks.milestones')}
              title={t('tasks.milestones')}
            >
              <IconFlag size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
            <ActionIcon
              component={Link}
              to={paths.projectCycles(projectId)}
              size="lg"
              variant="default"
              aria-label={t('tasks.cyclesTitle')}
              title={t('tasks.cyclesTitle')}
              // The cycle page's code and its current cycle start on the way to the click.
              onPointerEnter={() => preloadRoute(paths.projectCycles(projectId))}
              onFocus={() => preloadRoute(paths.projectCycles(projectId))}
            >
              <IconRepeat size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label={t('tasks.projectSettings')}
              title={t('tasks.projectSettings')}
              onClick={settingsDialog.open}
              onPointerEnter={settingsDialog.preload}
              onFocus={settingsDialog.preload}
            >
              <IconSettings size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => openAdd()}
              onPointerEnter={addDialog.preload}
              onFocus={addDialog.preload}
            >
              {t('tasks.addTaskTitle')}
            </Button>
          </>
        }
      />
      <TaskFilterBar
        state={filterState}
        tasks={allTasks}
        shownCount={matching.length}
        organizationId={project.data.organization_id}
        estimateScale={project.data.estimate_scale}
        trigram={project.data.trigram}
        statuses={statuses.data}
      >
        {cycles.data?.settings?.enabled ? <CurrentCycleToggle state={filterState} /> : null}
        <FieldFilterButtons
          fields={customFields.data?.fields ?? []}
          filters={fieldFilters}
          onChange={setFieldFilter}
          organizationId={project.data.organization_id}
        />
        {asBoard || asCalendar ? null : (
          <Switch
            label={t('tasks.groupSubtasks')}
            checked={subtaskView === 'nested'}
            onChange={(event) => setSubtaskView(event.currentTarget.checked ? 'nested' : 'flat')}
          />
        )}
      </TaskFilterBar>
      {asCalendar ? (
        rows ? (
          <LazyCalendar tasks={filtered.items} />
        ) : (
          <PageLoader />
        )
      ) : asBoard ? (
        rows ? (
          <>
            {noTaskYet ? (
              <Paper
                withBorder
                radius="md"
                mb="md"
                style={{ backgroundColor: 'var(--figgle-surface)', borderColor: 'var(--figgle-border)' }}
              >
                {noTaskYet}
              </Paper>
            ) : null}
            <LazyBoard
              tasks={rows}
              shown={filtered.items}
              leaving={filtered.leaving}
              project={project.data}
              statuses={statuses.data}
              onAddTask={openAdd}
            />
          </>
        ) : (
          <BoardPlaceholder />
        )
      ) : (
        <TaskList
          tasks={rows ? filtered.items : undefined}
          loading={tasks.isPending || (tasks.isSuccess && !filterBarKnown)}
          organizationId={project.data.organization_id}
          animated={animated}
          leaving={filtered.leaving}
          emptyMessage={allTasks.length > 0 ? t('tasks.noMatch') : undefined}
          emptyState={noTaskYet}
          estimateScale={project.data.estimate_scale}
          subtaskView={subtaskView}
          trigram={project.data.trigram}
          allTasks={allTasks}
          customFields={customFields.data?.fields}
          valuesByTask={valuesByTask}
        />
      )}
      {addDialog.ready ? (
        <AddTaskDialog
          opened={addDialog.opened}
          onClose={addDialog.close}
          projectId={projectId}
          organizationId={project.data.organization_id}
          status={addStatus}
        />
      ) : null}
      {settingsDialog.ready ? (
        <ProjectSettingsDialog
          opened={settingsDialog.opened}
          onClose={settingsDialog.close}
          project={project.data}
        />
      ) : null}
    </>
  );
}
