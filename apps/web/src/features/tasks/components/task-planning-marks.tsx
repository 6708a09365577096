import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort } from '@tabler/icons-react';
import type { SyntheticEvent } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { statusChoiceOf, useStatusChoices } from '../../../shared/api/list-project-statuses';
import { DueMark } from '../../../ui/planning/due-mark';
import { LabelChips } from '../../../ui/planning/label-chips';
import { PriorityPicker } from './priority-picker';
import { CardStructure } from './structure-marks';
import classes from './task-planning-marks.module.css';
import type { TaskSort } from './task-sort';

type Planned = Pick<
  TaskSummaryView,
  'task_id' | 'title' | 'status' | 'due_on' | 'due_at' | 'priority' | 'labels' | 'blocked_by' | 'estimate'
> &
  Partial<Pick<TaskSummaryView, 'project_id'>>;

/** A task's labels on its row or card: the first three, then "+n". */
export function TaskLabels({ task }: { task: Planned }) {
  // A copy kept on the device from before labels existed has none.
  return <LabelChips labels={task.labels ?? []} max={3} />;
}

/** The due date with its "Overdue" or "Due soon" flag (below it in a list cell); nothing without one. */
export function TaskDue({ task, stacked }: { task: Planned; stacked?: boolean }) {
  // Finished is a category (docs/product.md#statuses): a project's own Done status is not late.
  const category = statusChoiceOf(useStatusChoices(task.project_id), task.status).category;
  return (
    <DueMark
      due={{ due_on: task.due_on ?? null, due_at: task.due_at ?? null }}
      finished={category === 'done' || category === 'canceled'}
      stacked={stacked}
    />
  );
}

/** The inline priority picker of a row or card: saved at once, put back with the failure toast. */
export function TaskPriorityPicker({
  task,
  compact,
  iconOnly,
}: {
  task: Planned;
  compact?: boolean;
  /** The icon alone, its name on hover (list rows). */
  iconOnly?: boolean;
}) {
  return (
    <PriorityPicker
      taskId={task.task_id}
      priority={task.priority ?? 'NONE'}
      label={t('tasks.priorityOf', { title: task.title })}
      width={compact || iconOnly ? undefined : 108}
      compact={compact}
      iconOnly={iconOnly}
    />
  );
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** A board card's priority picker: its own control, so pressing in it neither drags nor opens the card. */
export function CardPriority({ task }: { task: Planned }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops events of the picker inside from reaching the card.
    <div
      onMouseDown={stop}
      onTouchStart={stop}
      onClick={stop}
      onKeyDown={stop}
      className={classes.cardPicker}
      data-field-key="priority"
    >
      <TaskPriorityPicker task={task} compact />
    </div>
  );
}

/** A board card's due date, blocked and estimate marks and labels; nothing for a task without any. */
export function CardMarks({ task }: { task: Planned }) {
  return (
    <>
      <TaskDue task={task} />
      <CardStructure task={task} />
      <TaskLabels task={task} />
    </>
  );
}

const sortNames = (): Record<Exclude<TaskSort, 'status' | `field:${string}`>, string> => ({
  due: t('tasks.sortNameDue'),
  priority: t('tasks.sortNamePriority'),
  estimate: t('tasks.sortNameEstimate'),
});

/**
 * A list column header that sorts by its column: a first press sorts (earliest due, or most urgent
 * first), a second one goes back to the default order.
 */
export function SortableHeader({
  column,
  title,
  sort,
  onSort,
  width,
}: {
  column: Exclude<TaskSort, 'status'>;
  title: string;
  sort: TaskSort;
  onSort: (sort: TaskSort) => void;
  width?: number;
}) {
  const active = sort === column;
  // A custom field's column is named by the field.
  const name = column.startsWith('field:')
    ? title
    : sortNames()[column as Exclude<TaskSort, 'status' | `field:${string}`>];
  return (
    // The estimate sorts the largest first; the others the earliest or most urgent first.
    <Table.Th w={width} aria-sort={active ? (column === 'estimate' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton
        className={classes.sortButton}
        data-active={active || undefined}
        aria-pressed={active}
        aria-label={t('tasks.sortBy', { name })}
        title={active ? t('tasks.sortDefault') : t('tasks.sortBy', { name })}
        onClick={() => onSort(active ? 'status' : column)}
      >
        <span>{title}</span>
        {active ? (
          <IconArrowDown size={13} stroke={2} aria-hidden />
        ) : (
          <IconArrowsSort size={13} stroke={1.8} aria-hidden />
        )}
      </UnstyledButton>
    </Table.Th>
  );
}
