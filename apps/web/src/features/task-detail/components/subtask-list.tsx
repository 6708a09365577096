import { useCallback, useId, useMemo, useRef } from 'react';
import { t } from '../../../lib/i18n/i18n';
import {
  DEFAULT_STATUS_CHOICES,
  useStatusChoicesOfProjects,
} from '../../../shared/api/list-project-statuses';
import { useUpdateTask } from '../../../shared/api/update-task';
import { useMoveSubtask } from '../api/move-subtask';
import { useAfterPaint } from '../hooks/use-after-paint';
import { shiftOf, useRowReorder } from '../hooks/use-row-reorder';
import { useFollowLink } from './follow-link';
import classes from './rows.module.css';
import { type ChangeSubtask, type GripHandlers, type Subtask, SubtaskRow } from './subtask-row';

/** The projects of the sub-tasks, once each, the same array while they stay the same. */
function useSubtaskProjects(subtasks: readonly Subtask[]): readonly string[] {
  const key = [...new Set(subtasks.flatMap((subtask) => (subtask.project_id ? [subtask.project_id] : [])))]
    .sort()
    .join(',');
  return useMemo(() => (key ? key.split(',') : []), [key]);
}

/**
 * The rows drawn with their fields in the list's first frame: more than a tall screen shows of the
 * list from its top. The others come with their name, and their fields right after that frame is
 * painted (a transition, in slices): most of a row's elements are its fields, and a hundred rows'
 * fields were half of the task page's work before its paint (docs/machinery/task-page-load.md).
 */
const ROWS_WITH_FIELDS_FIRST = 24;

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
  const { mutate: moveSubtask } = useMoveSubtask();
  // One update for all rows, and one callback: the rows (memoized) keep their props between renders.
  const { mutate: updateTask } = useUpdateTask();
  const change = useCallback<ChangeSubtask>(
    (taskId, changes) => updateTask({ taskId, changes }),
    [updateTask],
  );
  const follow = useFollowLink();
  const ids = useMemo(() => subtasks.map((subtask) => subtask.task_id), [subtasks]);
  const statusesOf = useStatusChoicesOfProjects(useSubtaskProjects(subtasks));
  const list = useRef<HTMLUListElement>(null);
  const helpId = useId();
  const allFields = useAfterPaint();

  const nameOf = (id: string) => {
    const subtask = subtasks.find((row) => row.task_id === id);
    return subtask ? `${subtask.reference} ${subtask.title}` : t('task-detail.theSubtask');
  };
  const placeOf = (index: number) => ({ position: index + 1, total: subtasks.length });
  const { lift, announcement, handlers } = useRowReorder({
    listRef: list,
    ids,
    onMove: (taskId, index) => moveSubtask({ parentId, taskId, index }),
    words: {
      pickedUp: (id) => t('task-detail.dragPickedUp', { name: nameOf(id) }),
      over: (id, to) => t('task-detail.dragOver', { name: nameOf(id), ...placeOf(to) }),
      dropped: (id, to) => t('task-detail.dragDroppedAt', { name: nameOf(id), ...placeOf(to) }),
      cancelled: (id) => t('task-detail.dragCancelled', { name: nameOf(id) }),
    },
  });
  const grip = useMemo<GripHandlers>(() => ({ ...handlers, helpId }), [handlers, helpId]);

  return (
    <>
      <ul ref={list} aria-label={t('task-detail.subtasks')} className={classes.list} data-lift={lift?.by}>
        {subtasks.map((subtask, index) => (
          <SubtaskRow
            key={subtask.task_id}
            subtask={subtask}
            assigneeOptions={assigneeOptions}
            statuses={(subtask.project_id && statusesOf.get(subtask.project_id)) || DEFAULT_STATUS_CHOICES}
            onChange={change}
            onFollow={follow}
            grip={grip}
            shift={shiftOf(lift, index)}
            lifted={lift?.id === subtask.task_id}
            withFields={allFields || index < ROWS_WITH_FIELDS_FIRST}
          />
        ))}
      </ul>
      <div id={helpId} className={classes.hidden}>
        {t('task-detail.subtaskDragHelp')}
      </div>
      <div className={classes.hidden} aria-live="assertive" aria-atomic="true" role="status">
        {announcement}
      </div>
    </>
  );
}
