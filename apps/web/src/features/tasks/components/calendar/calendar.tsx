import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { intlLocale, t } from '../../../../lib/i18n/i18n';
import { statusChoiceOf, useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { useUpdateTask } from '../../../../shared/api/update-task';
import { dayIn, dueDay } from '../../../../ui/planning/due-date';
import { dropAnimation } from '../drop-animation';
import classes from './calendar.module.css';
import { CalendarChipOverlay } from './calendar-chip';
import { CalendarDay } from './calendar-day';
import { dayTitle, dueMovedTo, monthTitle, monthWeeks, shiftMonth, tasksByDay } from './month-grid';
import { NO_DATE_DROP_ID, NoDateList } from './no-date-list';

export interface CalendarProps {
  /** The project's tasks (those the filters let through). */
  tasks: TaskSummaryView[];
}

/** Monday to Sunday in the person's language: "Mon"… ('short'), "Monday"… ('long'). */
function weekdays(style: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(), { timeZone: 'UTC', weekday: style });
  // 5 January 2026 is a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2026, 0, 5 + index)));
}

// Under a pointer, the day under it; from the keyboard (no pointer), the day nearest the chip.
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/** Arrow keys move a chip by one day (left, right) or one week (up, down). */
const byOneDay: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const over = context.over ? context.droppableRects.get(context.over.id) : undefined;
  const width = over?.width ?? 100;
  const height = over?.height ?? 100;
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + width };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - width };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + height };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - height };
  }
  return undefined;
};

/**
 * The project's tasks on a month (docs/product.md#calendar): each on its due day in the viewer's
 * time zone. Dropping a task on another day moves its due date there (keeping its time of day);
 * tasks without a date wait in the side list, and dropping a task there clears its date.
 */
export default function Calendar({ tasks }: CalendarProps) {
  const today = dayIn(new Date());
  const [month, setMonth] = useState(today.slice(0, 7));
  const [activeId, setActiveId] = useState<string | null>(null);
  const updateTask = useUpdateTask();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: byOneDay }),
  );

  // Tasks of the Canceled category (Archive, a project's own "Won't do") are out of the plan. The
  // tasks are all of one project: the first one's names it.
  const statuses = useStatusChoices(tasks[0]?.project_id);
  const planned = useMemo(
    () => tasks.filter((task) => statusChoiceOf(statuses, task.status).category !== 'canceled'),
    [tasks, statuses],
  );
  const byId = useMemo(() => new Map(planned.map((task) => [task.task_id, task])), [planned]);
  const byDay = useMemo(() => tasksByDay(planned), [planned]);
  const undated = useMemo(() => planned.filter((task) => !task.due_on && !task.due_at), [planned]);
  const weeks = useMemo(() => monthWeeks(month), [month]);

  function onDragStart({ active }: DragStartEvent) {
    setActiveId(String(active.id));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const task = byId.get(String(active.id));
    if (!task || !over) return;
    const target = String(over.id);
    if (target === NO_DATE_DROP_ID) {
      if (task.due_on || task.due_at)
        updateTask.mutate({ taskId: task.task_id, changes: { due_on: null, due_at: null } });
      return;
    }
    const day = target.slice('day:'.length);
    if (dueDay(task) === day) return;
    const due = dueMovedTo(task, day);
    updateTask.mutate({
      taskId: task.task_id,
      changes: due.due_at ? { due_at: due.due_at } : { due_on: due.due_on },
    });
  }

  const titleOf = (id: string | number) => byId.get(String(id))?.title ?? t('tasks.calendarTheTask');
  const placeOf = (id: string | number) =>
    String(id) === NO_DATE_DROP_ID
      ? t('tasks.calendarNoDatePlace')
      : dayTitle(String(id).slice('day:'.length));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tasks.dragPickedUp', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('tasks.calendarDragOver', { title: titleOf(active.id), place: placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('tasks.calendarDroppedOn', { title: titleOf(active.id), place: placeOf(over.id) })
        : t('tasks.dragDropped', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('tasks.dragCancelled', { title: titleOf(active.id) }),
  };
  const [weekdaysShort, weekdaysLong] = [weekdays('short'), weekdays('long')];

  const active = activeId ? byId.get(activeId) : undefined;
  const title = monthTitle(month);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('tasks.calendarDragInstructions'),
        },
      }}
    >
      <div className={classes.layout}>
        <section aria-label={t('tasks.calendar')}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Title order={2} fz="lg" fw={650} aria-live="polite">
              {title}
            </Title>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={t('tasks.previousMonth')}
                title={t('tasks.previousMonth')}
                onClick={() => setMonth(shiftMonth(month, -1))}
              >
                <IconChevronLeft size={16} aria-hidden />
              </ActionIcon>
              <Button variant="default" size="xs" onClick={() => setMonth(today.slice(0, 7))}>
                {t('tasks.today')}
              </Button>
              <ActionIcon
                variant="default"
                aria-label={t('tasks.nextMonth')}
                title={t('tasks.nextMonth')}
                onClick={() => setMonth(shiftMonth(month, 1))}
              >
                <IconChevronRight size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          <table className={classes.table} aria-label={title}>
            <thead>
              <tr>
                {weekdaysShort.map((weekday, index) => (
                  <th key={weekday} scope="col" abbr={weekdaysLong[index]}>
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => (
                    <CalendarDay
                      key={day}
                      day={day}
                      tasks={byDay.get(day)}
                      outside={day.slice(0, 7) !== month}
                      today={day === today}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <NoDateList tasks={undated} />
      </div>
      <DragOverlay dropAnimation={dropAnimation}>
        {active ? <CalendarChipOverlay task={active} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
