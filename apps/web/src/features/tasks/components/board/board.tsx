import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  getFirstCollision,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { BOARD_STATIC_CLASS_DELAY_MS } from '@figgle/shared/constants';
import type { EstimateScale } from '@figgle/shared/estimate';
import type { TaskStatus } from '@figgle/shared/status';
import type { PersonView, TaskProjectView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import {
  DEFAULT_STATUS_CHOICES,
  type StatusChoice,
  statusChoiceOf,
} from '../../../../shared/api/list-project-statuses';
import { useUpdateTask } from '../../../../shared/api/update-task';
import { useFocusedTaskFieldKeys } from '../../../../shared/field-keys';
import { confirmDoneWhenBlocked } from '../../../../ui/planning/confirm-done-when-blocked';
import { showMoveAtOnce, useKanbanUpdate } from '../../api/kanban-update';
import { dropAnimation } from '../drop-animation';
import { estimateTotalsOf } from '../estimate-words';
import { useKeyboardSelection } from '../filters/use-keyboard-selection';
import classes from './board.module.css';
import { BoardCardBody, type BoardCardData } from './board-card';
import { BoardColumn } from './board-column';
import { boardKeyboardCoordinates } from './board-keyboard';
import {
  type Columns,
  columnDropId,
  columnOf,
  columnTasks,
  dropAt,
  fullColumnIndex,
  groupIntoColumns,
  moveAcross,
  rankBetween,
} from './columns';

export type BoardTask = TaskSummaryView & { project?: TaskProjectView };

export interface BoardProps {
  tasks: BoardTask[];
  /** The project whose board this is; absent on My tasks, where each task carries its project. */
  project?: {
    name: string;
    trigram: string;
    organization_id: string;
    project_id: string;
    /** Column headers add up the estimates of a project with a scale. */
    estimate_scale?: EstimateScale;
  };
  /** My tasks has no manual order: a drop only changes the status and the task goes last. */
  personal?: boolean;
  /**
   * The tasks to draw when filters are on (those that match, and those fading out); `tasks` stays
   * the whole board, which drops are counted against. All of `tasks` when absent.
   */
  shown?: BoardTask[];
  /** Ids among `shown` that stopped matching and are fading out. */
  leaving?: ReadonlySet<string>;
  /** The project's statuses in board order: one column each (the four first ones on My tasks). */
  statuses?: readonly StatusChoice[];
  /** A project's board: each column's "+" opens "Add a task" with the column's status (stable callback). */
  onAddTask?: (status: TaskStatus) => void;
}

const NOTHING_LEAVING: ReadonlySet<string> = new Set();
/** How long after a drop the dropped card fades where it was put, not where it came from. */
const JUST_DROPPED_MS = 1000;

const isColumnId = (id: string) => id.startsWith('column:');

export default function Board({
  tasks,
  project,
  personal = false,
  shown: shownTasks,
  leaving = NOTHING_LEAVING,
  statuses = DEFAULT_STATUS_CHOICES,
  onAddTask,
}: BoardProps) {
  const statusKeys = useMemo(() => statuses.map((status) => status.key), [statuses]);
  const queryClient = useQueryClient();
  const kanbanUpdate = useKanbanUpdate();
  const updateTask = useUpdateTask();
  // The whole board: what a drop's index and rank are counted against.
  const fullById = useMemo(() => new Map(tasks.map((task) => [task.task_id, task])), [tasks]);
  const serverColumns = useMemo(() => groupIntoColumns(tasks, statusKeys), [tasks, statusKeys]);
  const justDropped = useRef<{ taskId: string; at: number } | null>(null);
  // What is drawn: the tasks that match the filters, and those fading out (in the version last shown).
  const drawn = useMemo(() => {
    if (!shownTasks) return tasks;
    const dropped = justDropped.current;
    if (!dropped || !leaving.has(dropped.taskId) || Date.now() - dropped.at > JUST_DROPPED_MS)
      return shownTasks;
    // A card the person just dropped where the filters hide it fades where they put it.
    const now = fullById.get(dropped.taskId);
    return now ? shownTasks.map((task) => (task.task_id === dropped.taskId ? now : task)) : shownTasks;
  }, [tasks, shownTasks, leaving, fullById]);
  const byId = useMemo(
    () => (drawn === tasks ? fullById : new Map(drawn.map((task) => [task.task_id, task]))),
    [drawn, tasks, fullById],
  );
  const shownColumns = useMemo(() => {
    if (drawn === tasks) return serverColumns;
    // Without fading cards, the drawn columns are the whole ones less what is hidden: no new sort.
    if (leaving.size === 0) {
      const columns = { ...serverColumns };
      for (const status of Object.keys(serverColumns))
        columns[status] = columnTasks(serverColumns, status).filter((id) => byId.has(id));
      return columns;
    }
    return groupIntoColumns(drawn, statusKeys);
  }, [drawn, tasks, serverColumns, leaving, byId, statusKeys]);
  const [dragColumns, setDragColumns] = useState<Columns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const origin = useRef<{ status: TaskStatus; index: number } | null>(null);
  const lastDragEnd = useRef(0);
  const columns = dragColumns ?? shownColumns;
  const scale = project?.estimate_scale ?? 'none';
  // Each header adds up the estimates of the cards it shows (fading ones left out).
  const estimateTotals = useMemo(
    () =>
      estimateTotalsOf(scale, columns, (id) =>
        leaving.has(id) ? undefined : (byId.get(id) ?? fullById.get(id))?.estimate,
      ),
    [scale, columns, leaving, byId, fullById],
  );
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  // Left and right by the columns' order (board-keyboard.ts); up and down card by card.
  const [keyboardCoordinates] = useState(() => boardKeyboardCoordinates(() => columnsRef.current));

  // The board keeps its 'static' look (no motion) for 1500 ms after it opens (the
  // project screen is keyed by project, so a project change mounts a new board).
  const [staticLook, setStaticLook] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setStaticLook(false), BOARD_STATIC_CLASS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const cardData = useCallback(
    (taskId: string): BoardCardData | undefined => {
      const task = byId.get(taskId);
      if (!task) return undefined;
      const taskProject = task.project ?? project;
      return {
        task,
        reference:
          personal && taskProject ? `${taskProject.trigram}-${task.reference}` : `#${task.reference}`,
        // Only where the board is not one project's own: there every card would repeat its name.
        projectName: project ? undefined : task.project?.name,
        organizationId: taskProject?.organization_id ?? '',
      };
    },
    [byId, project, personal],
  );

  // Over a column with cards, aim at its nearest card; otherwise at whatever is under the pointer.
  const collisionDetection: CollisionDetection = useCallback((args) => {
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    let overId = getFirstCollision(hits, 'id');
    if (overId === null) return [];
    const id = String(overId);
    if (isColumnId(id)) {
      const status = columnOf(columnsRef.current, id);
      const items = status ? columnTasks(columnsRef.current, status) : [];
      if (items.length > 0) {
        const nearest = closestCenter({
          ...args,
          droppableContainers: args.droppableContainers.filter((c) => items.includes(String(c.id))),
        });
        overId = nearest[0]?.id ?? overId;
      }
    }
    return [{ id: overId }];
  }, []);

  function onDragStart({ active }: DragStartEvent) {
    const id = String(active.id);
    const status = columnOf(shownColumns, id);
    if (!status || leaving.has(id)) return;
    origin.current = { status, index: columnTasks(shownColumns, status).indexOf(id) };
    setActiveId(id);
    setDragColumns(shownColumns);
  }

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const activeRect = active.rect.current.translated;
    const below = activeRect ? activeRect.top > over.rect.top + over.rect.height / 2 : false;
    setDragColumns((current) =>
      current
        ? moveAcross(current, String(active.id), String(over.id), { below, append: personal })
        : current,
    );
  }

  function finish() {
    setActiveId(null);
    setDragColumns(null);
    origin.current = null;
    lastDragEnd.current = Date.now();
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const start = origin.current;
    const drop = over && dragColumns ? dropAt(dragColumns, String(active.id), String(over.id)) : null;
    if (!start || !drop || (drop.status === start.status && (personal || drop.index === start.index))) {
      finish();
      return;
    }
    const taskId = String(active.id);
    // Counted in the whole column: hidden tasks keep their places around the ones shown.
    const full = columnTasks(serverColumns, drop.status);
    const index = fullColumnIndex(full, columnTasks(drop.columns, drop.status), taskId);
    const others = full.filter((id) => id !== taskId);
    const rank = personal
      ? rankBetween(maxRank(others, taskId, fullById), null)
      : rankBetween(fullById.get(others[index - 1] ?? '')?.rank, fullById.get(others[index] ?? '')?.rank);
    const move = () => {
      justDropped.current = { taskId, at: Date.now() };
      const snapshot = showMoveAtOnce(queryClient, { taskId, status: drop.status, rank });
      kanbanUpdate.mutate({ taskId, status: drop.status, index: personal ? null : index, snapshot });
    };
    const task = fullById.get(taskId);
    const blockers = task?.blocked_by ?? 0;
    const isDone = (key: TaskStatus) => statusChoiceOf(statuses, key).category === 'done';
    if (isDone(drop.status) && !isDone(start.status) && task && blockers > 0) {
      // A blocked task asks first (as on its page): the card goes back while the question is open,
      // and moves only when it is confirmed.
      finish();
      void confirmDoneWhenBlocked(blockers, referenceOf(task, project)).then((yes) => {
        if (yes) move();
      });
      return;
    }
    move();
    finish();
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tasks.dragPickedUp', { title: titleOf(byId, active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('tasks.boardDragOver', {
            title: titleOf(byId, active.id),
            place: placeName(columnsRef.current, byId, String(over.id), statuses),
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('tasks.boardDroppedIn', {
            title: titleOf(byId, active.id),
            place: placeName(columnsRef.current, byId, String(over.id), statuses),
          })
        : t('tasks.dragDropped', { title: titleOf(byId, active.id) }),
    onDragCancel: ({ active }) => t('tasks.dragCancelled', { title: titleOf(byId, active.id) }),
  };

  // Stable, so the memoized columns only re-render when their own cards change.
  const onAssign = useCallback(
    (taskId: string, assignee: PersonView | null) =>
      updateTask.mutate({ taskId, changes: { assignee_id: assignee?.user_id ?? null }, assignee }),
    [updateTask.mutate],
  );
  const wasDragging = useCallback(() => Date.now() - lastDragEnd.current < 250, []);

  // On My tasks, j and k walk the cards column by column, top to bottom; Enter opens the selected one.
  const order = useMemo(
    () =>
      personal
        ? Object.keys(shownColumns).flatMap((status) =>
            columnTasks(shownColumns, status).filter((id) => !leaving.has(id)),
          )
        : [],
    [personal, shownColumns, leaving],
  );
  const { selectedId } = useKeyboardSelection(order, { enabled: personal && activeId === null });
  // a, p, i (and s, l, d, which open the task) on the card that holds the focus or j and k selected.
  const boardRef = useRef<HTMLDivElement>(null);
  useFocusedTaskFieldKeys(boardRef, (taskId) => byId.get(taskId), activeId === null);

  const active = activeId ? cardData(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('tasks.boardDragInstructions'),
        },
      }}
    >
      <div
        ref={boardRef}
        className={`${classes.board}${staticLook ? ` ${classes.static} static` : ''}`}
        data-dragging={activeId ? true : undefined}
      >
        {Object.keys(columns).map((status) => (
          <BoardColumn
            key={status}
            status={statusChoiceOf(statuses, status)}
            ids={columnTasks(columns, status)}
            leaving={leaving}
            selectedId={selectedId}
            cardData={cardData}
            onAssign={onAssign}
            wasDragging={wasDragging}
            estimateTotal={estimateTotals[status]}
            onAdd={onAddTask}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={dropAnimation}>
        {active ? <BoardCardBody {...active} overlay onAssign={() => {}} wasDragging={() => true} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** 'WEB-12': the project's trigram (a project's board) or the task's own (My tasks). */
function referenceOf(task: BoardTask, project: BoardProps['project']): string {
  const trigram = task.project?.trigram ?? project?.trigram;
  return trigram ? `${trigram}-${task.reference}` : `#${task.reference}`;
}

function titleOf(byId: Map<string, BoardTask>, id: string | number): string {
  return byId.get(String(id))?.title ?? t('tasks.calendarTheTask');
}

function placeName(
  columns: Columns,
  byId: Map<string, BoardTask>,
  overId: string,
  statuses: readonly StatusChoice[],
): string {
  const status = columnOf(columns, overId);
  const column = status ? statusChoiceOf(statuses, status).name : t('tasks.boardTheBoard');
  if (!status || overId === columnDropId(status) || !byId.has(overId))
    return t('tasks.boardColumnPlace', { column });
  const list = columnTasks(columns, status);
  return t('tasks.boardPositionPlace', { column, position: list.indexOf(overId) + 1, total: list.length });
}

function maxRank(list: string[], except: string, byId: Map<string, BoardTask>): string | null {
  let max: string | null = null;
  for (const id of list) {
    const rank = byId.get(id)?.rank;
    if (id !== except && rank !== undefined && (max === null || rank > max)) max = rank;
  }
  return max;
}
