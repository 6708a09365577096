import { useDraggable } from '@dnd-kit/core';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEventHandler, memo } from 'react';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n/i18n';
import { statusChoiceOf, useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { paths } from '../../../../shared/paths';
import classes from './calendar.module.css';

/**
 * A task on the calendar: drag it by mouse or touch from anywhere on it, or by keyboard with its
 * grip; its title opens the task. Plain elements: a month may show hundreds of them.
 */
export const CalendarChip = memo(function CalendarChip({ task }: { task: TaskSummaryView }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.task_id,
  });
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  // Done is a category (docs/product.md#statuses): a project's own "Shipped" is done too.
  const done = statusChoiceOf(useStatusChoices(task.project_id), task.status).category === 'done';
  return (
    <li
      ref={setNodeRef}
      className={classes.chip}
      data-dragging={isDragging || undefined}
      data-done={done || undefined}
      {...pointerListeners}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={classes.grip}
        {...attributes}
        onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
        aria-label={t('tasks.moveTask', { title: task.title })}
      >
        <IconGripVertical size={12} aria-hidden />
      </button>
      <Link to={paths.task(task.task_id)} draggable={false} className={classes.chipTitle} title={task.title}>
        <span className={classes.reference}>#{task.reference}</span>
        <span className={classes.chipText}>{task.title}</span>
      </Link>
    </li>
  );
});

/** What follows the pointer during a drag. */
export function CalendarChipOverlay({ task }: { task: TaskSummaryView }) {
  return (
    <div className={classes.chip} data-overlay>
      <span className={classes.grip}>
        <IconGripVertical size={12} aria-hidden />
      </span>
      <span className={classes.chipTitle}>
        <span className={classes.reference}>#{task.reference}</span>
        {task.title}
      </span>
    </div>
  );
}
