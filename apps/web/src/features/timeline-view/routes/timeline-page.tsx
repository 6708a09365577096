import {
  TIMELINE_GROUPS,
  TIMELINE_ZOOMS,
  type TimelineGroup,
  type TimelineTask,
  type TimelineZoom,
} from '@figgle/shared/timeline-view-schemas';
import { Group, Loader, SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ComponentProps, Suspense, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { lazyReady } from '../../../lib/lazy-ready';
import { useStatusChoices } from '../../../shared/api/list-project-statuses';
import { useProjects } from '../../../shared/api/list-projects';
import { ProjectViewSwitch } from '../../../shared/project-view-switch';
import { PageHeader } from '../../../ui/page-header';
import { toastError } from '../../../ui/toast';
import { toastUndo } from '../../../ui/undo-toast';
import { useAddDependency } from '../api/add-dependency';
import { useChangeTaskDates } from '../api/change-task-dates';
import { useProjectTimeline } from '../api/get-project-timeline';
import type { AddDependencyDialog as AddDependencyDialogComponent } from '../components/add-dependency-dialog';
import { longDay, shortDay, textOf, today } from '../components/days';
import { useIdleReady } from '../components/idle-ready';
import classes from '../components/timeline.module.css';
import { type DatesChange, DROPPED_LENGTH_DAYS, focusBar, TimelineChart } from '../components/timeline-chart';
import { chainOfBlocks, layoutTimeline } from '../components/timeline-model';
import { UndatedList } from '../components/undated-list';
import type { WeekList as WeekListComponent } from '../components/week-list';

const zoomLabel = (zoom: TimelineZoom) =>
  ({ week: t('timeline.zoomWeek'), month: t('timeline.zoomMonth'), quarter: t('timeline.zoomQuarter') })[
    zoom
  ];
const groupLabel = (group: TimelineGroup) =>
  ({
    milestone: t('timeline.groupMilestone'),
    assignee: t('timeline.groupAssignee'),
    status: t('timeline.groupStatus'),
  })[group];

// Code the bars' first paint does not show comes after it: the dialog (Mantine's NativeSelect) when
// the browser is idle, the narrow screen's list (with its menus) only on a narrow screen.
const AddDependencyDialog = lazyReady<ComponentProps<typeof AddDependencyDialogComponent>>(() =>
  import('../components/add-dependency-dialog').then((module) => module.AddDependencyDialog),
);
const WeekList = lazyReady<ComponentProps<typeof WeekListComponent>>(() =>
  import('../components/week-list').then((module) => module.WeekList),
);

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** Short enough for the Undo toast to keep its button whole: "1 Dec – 5 Dec". */
const shortDays = (start: number, end: number) =>
  start === end ? shortDay(start) : t('timeline.dayRange', { start: shortDay(start), end: shortDay(end) });

/** The values of a message that says "on 3 Feb 2027" or "from 3 Feb 2027 to 7 Feb 2027". */
const days = (start: number, end: number) => ({
  oneDay: start === end,
  start: longDay(start),
  end: longDay(end),
});

/**
 * A project's Timeline view (/project/:projectId/timeline, docs/product.md#timeline): its tasks as
 * bars from start to due day, grouped by milestone, assignee or status, with the "blocks" arrows;
 * zoom and grouping are kept in the address. Live: task events read it again.
 */
export function TimelinePage() {
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const zoom = oneOf(TIMELINE_ZOOMS, search.get('zoom'), 'month');
  const group = oneOf(TIMELINE_GROUPS, search.get('group'), 'milestone');
  const narrow = useMediaQuery('(max-width: 600px)', false) ?? false;
  const project = useProjects().data?.find((candidate) => candidate.project_id === projectId);
  const timeline = useProjectTimeline(projectId);
  const changeDates = useChangeTaskDates();
  const addDependency = useAddDependency(projectId);
  const [announcement, setAnnouncement] = useState('');
  /** The task whose "Add dependency…" dialog is open. */
  const [linking, setLinking] = useState<string | null>(null);
  const statuses = useStatusChoices(projectId);
  const dialogReady = useIdleReady(AddDependencyDialog.preload);
  // The statuses only name and order the groups by status: by milestone or assignee, their answer
  // (after the first paint) does not lay the 1,000 rows out again.
  const groupStatuses = group === 'status' ? statuses : undefined;
  const layout = useMemo(
    () => (timeline.data ? layoutTimeline(timeline.data, group, groupStatuses) : null),
    [timeline.data, group, groupStatuses],
  );

  const setParam = (name: string, value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const latest = useRef(timeline.data);
  latest.current = timeline.data;

  const reference = (task: TimelineTask) => `${timeline.data?.trigram ?? ''}-${task.reference}`;
  /** Puts back the dates `task` had before a drag or a drop (a due time too), from its copy as it is now. */
  const offerUndo = (task: TimelineTask, message: string) =>
    toastUndo(message, () => {
      const now = latest.current?.tasks.find((candidate) => candidate.task_id === task.task_id);
      if (!now) return;
      changeDates(now, {
        start_date: task.start_date,
        ...(task.due_at !== null ? { due_at: task.due_at } : { due_on: task.due_on }),
      });
      setAnnouncement(t('timeline.backOnDates', { task: `${reference(task)} ${task.title}` }));
    });
  const change = ({ task, mode, start, end }: DatesChange, byPointer: boolean) => {
    const hadStart = task.start_date !== null;
    const hadDue = task.due_on !== null || task.due_at !== null;
    // A move keeps the dates the task has; an end sets its own date, and the other end's too when
    // the task had only one date, so the bar keeps the day it showed.
    const setsStart = mode === 'start' || (mode === 'move' ? hadStart : !hadStart);
    const setsDue = mode === 'end' || (mode === 'move' ? hadDue : !hadDue);
    changeDates(task, {
      ...(setsStart ? { start_date: textOf(start) } : {}),
      ...(setsDue ? { due_on: textOf(end) } : {}),
    });
    // Said and offered in the next task, once the PATCH has left: the announcement and the toast are
    // urgent renders, which React draws in a microtask ahead of the request (drop → server,
    // docs/machinery/timeline-cold-paint.md).
    setTimeout(() => {
      setAnnouncement(
        t('timeline.movedAnnouncement', { task: `${reference(task)} ${task.title}`, ...days(start, end) }),
      );
      // A drag gets an Undo; each arrow key's move is undone by the opposite key.
      if (byPointer)
        offerUndo(task, t('timeline.movedUndo', { reference: reference(task), days: shortDays(start, end) }));
    }, 0);
  };
  const plan = (taskId: string, start: number) => {
    const task = timeline.data?.tasks.find((candidate) => candidate.task_id === taskId);
    if (!task) return;
    const end = start + DROPPED_LENGTH_DAYS - 1;
    changeDates(task, { start_date: textOf(start), due_on: textOf(end) });
    setAnnouncement(
      t('timeline.plannedAnnouncement', { task: `${reference(task)} ${task.title}`, ...days(start, end) }),
    );
    offerUndo(task, t('timeline.plannedUndo', { reference: reference(task), days: shortDays(start, end) }));
  };

  /** `from` blocks `to`, drawn by hand or chosen in the dialog: the arrow shows at once. */
  const link = (from: string, to: string) => {
    const blocker = layout?.bars.get(from);
    const blocked = layout?.bars.get(to);
    if (!blocker || !blocked || from === to) return;
    if (layout?.arrows.some((arrow) => arrow.from === from && arrow.to === to)) {
      setAnnouncement(t('timeline.alreadyBlocks', { blocker: blocker.label, blocked: blocked.label }));
      return;
    }
    // An arrow back along a chain of blockers would make a loop that no order of work can follow: said
    // in the server's words, which it answers to the same relation sent from elsewhere.
    const chain = timeline.data ? chainOfBlocks(timeline.data.blocks, to, from) : null;
    if (chain && timeline.data) {
      const byId = new Map(timeline.data.tasks.map((task) => [task.task_id, task]));
      const loop = [from, ...chain].map((id) => {
        const task = byId.get(id);
        return task ? reference(task) : '?';
      });
      const message = t('timeline.loop', { loop: loop.join(' → ') });
      toastError(message);
      setAnnouncement(message);
      return;
    }
    addDependency(blocker.task, blocked.task);
    setAnnouncement(
      t('timeline.nowBlocks', {
        blocker: `${blocker.label} ${blocker.task.title}`,
        blocked: `${blocked.label} ${blocked.task.title}`,
      }),
    );
  };
  // The focus goes back to the task's bar, or its "…" button in the narrow list.
  const closeLinking = () => {
    if (linking) focusBar(linking);
    setLinking(null);
  };
  const linkingBar = linking ? (layout?.bars.get(linking) ?? null) : null;

  return (
    <>
      <PageHeader
        title={project ? t('timeline.titleOf', { project: project.name }) : t('timeline.title')}
        actions={<ProjectViewSwitch projectId={projectId} current="timeline" />}
      />
      {narrow ? null : (
        <Group gap="md" mb="md" wrap="wrap">
          <SegmentedControl
            aria-label={t('timeline.zoom')}
            value={zoom}
            onChange={(value) => setParam('zoom', value)}
            data={TIMELINE_ZOOMS.map((value) => ({ value, label: zoomLabel(value) }))}
          />
          <SegmentedControl
            aria-label={t('timeline.groupBy')}
            value={group}
            onChange={(value) => setParam('group', value)}
            data={TIMELINE_GROUPS.map((value) => ({ value, label: groupLabel(value) }))}
          />
        </Group>
      )}
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      {timeline.isPending ? <Loader aria-label={t('timeline.loading')} /> : null}
      {timeline.error ? <Text c="red">{timeline.error.message}</Text> : null}
      {layout && timeline.data ? (
        narrow ? (
          <Suspense fallback={null}>
            <WeekList layout={layout} onAddDependency={setLinking} />
          </Suspense>
        ) : (
          <div className={classes.layout}>
            <TimelineChart
              layout={layout}
              zoom={zoom}
              onChange={change}
              onDrop={plan}
              onLink={link}
              onAddDependency={setLinking}
            />
            <UndatedList
              tasks={layout.undated}
              trigram={timeline.data.trigram}
              onPlanToday={(task) => plan(task.task_id, today())}
            />
          </div>
        )
      ) : null}
      {layout && (dialogReady || linking) ? (
        <Suspense fallback={null}>
          <AddDependencyDialog
            blocker={linkingBar}
            bars={layout.bars}
            blocks={new Set(layout.arrows.filter((arrow) => arrow.from === linking).map((arrow) => arrow.to))}
            onAdd={(blocked) => {
              if (linking) link(linking, blocked);
              closeLinking();
            }}
            onClose={closeLinking}
          />
        </Suspense>
      ) : null}
    </>
  );
}
