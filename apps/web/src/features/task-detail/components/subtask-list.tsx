import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback, useMemo } from 'react';
import { t } from '../../../lib/i18n/i18n';
import {
  DEFAULT_STATUS_CHOICES,
  useStatusChoicesOfProjects,
} from '../../../shared/api/list-project-statuses';
import { useUpdateTask } from '../../../shared/api/update-task';
import { useMoveSubtask } from '../api/move-subtask';
import { type ChangeSubtask, type Subtask, SubtaskRow } from './subtask-row';
import classes from './task-detail.module.css';

/** The projects of the sub-tasks, once each, the same array while they stay the same. */
function useSubtaskProjects(subtasks: readonly Subtask[]): readonly string[] {
  const key = [...new Set(subtasks.flatMap((subtask) => (subtask.project_id ? [subtask.project_id] : [])))]
    .sort()
    .join(',');
  return useMemo(() => (key ? key.split(',') : []), [key]);
}

/** The sub-tasks in their order, moved by drag or by keyboard with each row's grip (as the checklist). */
export function SubtaskList({
  parentId,
  subtasks,
  assigneeOptions,
}: {
  parentId: string;
  subtasks: readonly Subtask[];
  assigneeOptions: ReadonlyArray<{ value: string; label: string }>;
}) {
  const move = useMoveSubtask();
  // One update for all rows, and one callback: the rows (memoized) keep their props between renders.
  const { mutate: updateTask } = useUpdateTask();
  const change = useCallback<ChangeSubtask>(
    (taskId, changes) => updateTask({ taskId, changes }),
    [updateTask],
  );
  const items = useMemo(() => subtasks.map((subtask) => subtask.task_id), [subtasks]);
  const statusesOf = useStatusChoicesOfProjects(useSubtaskProjects(subtasks));
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const index = subtasks.findIndex((subtask) => subtask.task_id === over.id);
    if (index !== -1) move.mutate({ parentId, taskId: String(active.id), index });
  }

  const nameOf = (id: string | number) => {
    const subtask = subtasks.find((row) => row.task_id === id);
    return subtask ? `${subtask.reference} ${subtask.title}` : t('task-detail.theSubtask');
  };
  const placeOf = (id: string | number) => ({
    position: subtasks.findIndex((row) => row.task_id === id) + 1,
    total: subtasks.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('task-detail.dragPickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('task-detail.dragOver', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('task-detail.dragDroppedAt', { name: nameOf(active.id), ...placeOf(over.id) })
        : t('task-detail.dragDropped', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('task-detail.dragCancelled', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('task-detail.subtaskDragHelp'),
        },
      }}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul aria-label={t('task-detail.subtasks')} className={classes.subtaskList}>
          {subtasks.map((subtask) => (
            <SubtaskRow
              key={subtask.task_id}
              subtask={subtask}
              assigneeOptions={assigneeOptions}
              statuses={(subtask.project_id && statusesOf.get(subtask.project_id)) || DEFAULT_STATUS_CHOICES}
              onChange={change}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
