import { useSortable } from '@dnd-kit/sortable';
import type { TaskStatus } from '@figgle/shared/status';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import { ActionIcon, Anchor, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconCalendarDue, IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, memo, useMemo } from 'react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import type { StatusChoice } from '../../../shared/api/list-project-statuses';
import { paths } from '../../../shared/paths';
import { shownStatusName } from '../../../shared/status-name';
import { dueDay, dueFrom, localTime } from '../../../ui/planning/due-date';
import classes from './task-detail.module.css';

export const NOBODY = 'none';

export type Subtask = TaskStructureView['subtasks'][number];

/** A change of one sub-task's fields, sent through the shared task update by the list. */
export type ChangeSubtask = (taskId: string, changes: UpdateTaskInput) => void;

/**
 * One sub-task: a grip to move it (mouse, touch or keyboard), its reference and title, then its
 * status, assignee and due date, each changed in place.
 * Memoized, with props that keep their identity (the sub-task's row of the cached structure, the
 * list's shared options and callback): a parent may list a hundred, and the page re-renders as
 * each of its reads lands (the members, the statuses); only the rows whose data changed draw again.
 */
export const SubtaskRow = memo(function SubtaskRow({
  subtask,
  assigneeOptions,
  statuses,
  onChange,
}: {
  subtask: Subtask;
  assigneeOptions: ReadonlyArray<{ value: string; label: string }>;
  /** The statuses of the sub-task's own project (docs/product.md#statuses), by name. */
  statuses: readonly StatusChoice[];
  onChange: ChangeSubtask;
}) {
  const statusOptions = useMemo(() => {
    const options = statuses.map((status) => ({ value: status.key, label: status.name }));
    return options.some((option) => option.value === subtask.status)
      ? options
      : [...options, { value: subtask.status, label: shownStatusName(subtask.status, subtask.status_name) }];
  }, [statuses, subtask.status, subtask.status_name]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: subtask.task_id });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  const due = { due_on: subtask.due_on, due_at: subtask.due_at };
  // The row shows the change at once, as every view of the sub-task does (the shared task update);
  // the parent's list and progress are read again once it is saved.
  const change = (changes: UpdateTaskInput) => onChange(subtask.task_id, changes);

  return (
    <li ref={setNodeRef} style={style} className={classes.subtaskRow} data-dragging={isDragging || undefined}>
      <Group gap="xs" wrap="nowrap" className={classes.subtaskName}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          {...attributes}
          {...listeners}
          role="button"
          aria-label={t('task-detail.moveItem', { name: `${subtask.reference} ${subtask.title}` })}
        >
          <IconGripVertical size={14} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" ff="monospace">
          {subtask.reference}
        </Text>
        <Anchor component={Link} to={paths.task(subtask.task_id)} size="sm" miw={0}>
          <Text component="span" inherit truncate>
            {subtask.title}
          </Text>
        </Anchor>
      </Group>
      {/* Native controls: a parent may list hundreds of sub-tasks, and a full picker per field made
          its page slow to draw (bench/subtasks). */}
      <Group gap="xs" wrap="wrap" className={classes.subtaskFields}>
        <NativeSelect
          aria-label={t('task-detail.statusOf', { reference: subtask.reference })}
          size="xs"
          w={110}
          data={statusOptions}
          value={subtask.status}
          onChange={(event) => {
            const value = event.currentTarget.value as TaskStatus;
            if (value !== subtask.status) change({ status: value });
          }}
        />
        <NativeSelect
          aria-label={t('task-detail.assigneeOf', { reference: subtask.reference })}
          size="xs"
          w={150}
          data={assigneeOptions}
          value={subtask.assignee_id ?? NOBODY}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const next = value === NOBODY ? null : value;
            if (next !== subtask.assignee_id) change({ assignee_id: next });
          }}
        />
        <TextInput
          type="date"
          aria-label={t('task-detail.dueDateOf', { reference: subtask.reference })}
          size="xs"
          w={140}
          value={dueDay(due) ?? ''}
          // The day changes; a due time, when there is one, is kept. Emptied: no due date.
          onChange={(event) => {
            const day = event.currentTarget.value || null;
            change(dueFrom(day, day ? localTime(due) : ''));
          }}
          leftSection={<IconCalendarDue size={14} stroke={1.8} aria-hidden />}
        />
      </Group>
    </li>
  );
});
