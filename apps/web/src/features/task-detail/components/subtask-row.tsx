import type { TaskStatus } from '@figgle/shared/status';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import {
  type FocusEventHandler,
  type KeyboardEventHandler,
  type MouseEventHandler,
  memo,
  type PointerEventHandler,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { t } from '../../../lib/i18n/i18n';
import type { StatusChoice } from '../../../shared/api/list-project-statuses';
import { paths } from '../../../shared/paths';
import { shownStatusName } from '../../../shared/status-name';
import { type DueFields, dueDay, dueFrom, formatDueShort, localTime } from '../../../ui/planning/due-date';
import { CalendarDueIcon, GripIcon } from './row-icons';
import classes from './rows.module.css';

export const NOBODY = 'none';

export type Subtask = TaskStructureView['subtasks'][number];

/** A change of one sub-task's fields, sent through the shared task update by the list. */
export type ChangeSubtask = (taskId: string, changes: UpdateTaskInput) => void;

/** What the list hands every row's grip: one set of handlers, the row named by its `data-id`. */
export interface GripHandlers {
  onPointerDown: PointerEventHandler<HTMLButtonElement>;
  onKeyDown: KeyboardEventHandler<HTMLButtonElement>;
  onBlur: FocusEventHandler<HTMLButtonElement>;
  /** The id of the hidden instructions that say how to move a sub-task by keyboard. */
  helpId: string;
}

/**
 * One sub-task: a grip to move it (mouse, touch or keyboard), its reference and title, then its
 * status, assignee and due date, each changed in place.
 * Plain elements styled by `rows.module.css`: a parent may list a hundred, and Mantine's inputs and
 * groups were some ten components a row to render (bench/subtasks). The due date's field, the
 * costliest for the browser to draw, stands as a button until it is focused.
 * Memoized, with props that keep their identity (the sub-task's row of the cached structure, the
 * list's shared options, handlers and callback): the page re-renders as each of its reads lands
 * (the members, the statuses); only the rows whose data changed draw again.
 */
export const SubtaskRow = memo(function SubtaskRow({
  subtask,
  assigneeOptions,
  statuses,
  onChange,
  onFollow,
  grip,
  shift,
  lifted,
  withFields,
}: {
  subtask: Subtask;
  assigneeOptions: ReadonlyArray<{ value: string; label: string }>;
  /** The statuses of the sub-task's own project (docs/product.md#statuses), by name. */
  statuses: readonly StatusChoice[];
  onChange: ChangeSubtask;
  /** Follows the title's link inside the app on a plain click. */
  onFollow: MouseEventHandler<HTMLAnchorElement>;
  grip: GripHandlers;
  /** How far the row is moved while a sub-task is carried, in pixels down. */
  shift: number;
  /** This is the sub-task being carried. */
  lifted: boolean;
  /**
   * Its status, assignee and due date drawn: false for a row the page's first frame need not show
   * complete (`SubtaskList`), which stands with its name and an empty band of the fields' height.
   */
  withFields: boolean;
}) {
  const name = `${subtask.reference} ${subtask.title}`;

  return (
    <li
      className={classes.subtask}
      style={shift ? { transform: `translate3d(0, ${Math.round(shift)}px, 0)` } : undefined}
      data-dragging={lifted || undefined}
    >
      <div className={classes.name}>
        <button
          type="button"
          className={`${classes.iconButton} ${classes.grip}`}
          data-id={subtask.task_id}
          aria-label={t('task-detail.moveItem', { name })}
          aria-describedby={grip.helpId}
          aria-pressed={lifted || undefined}
          onPointerDown={grip.onPointerDown}
          onKeyDown={grip.onKeyDown}
          onBlur={grip.onBlur}
        >
          <GripIcon />
        </button>
        <span className={classes.reference}>{subtask.reference}</span>
        <a href={paths.task(subtask.task_id)} className={classes.title} onClick={onFollow}>
          {subtask.title}
        </a>
      </div>
      {withFields ? (
        <SubtaskFields
          subtask={subtask}
          assigneeOptions={assigneeOptions}
          statuses={statuses}
          onChange={onChange}
        />
      ) : (
        <div className={classes.fieldsLater} />
      )}
    </li>
  );
});

/** A sub-task's status, assignee and due date, each changed in place. */
function SubtaskFields({
  subtask,
  assigneeOptions,
  statuses,
  onChange,
}: {
  subtask: Subtask;
  assigneeOptions: ReadonlyArray<{ value: string; label: string }>;
  statuses: readonly StatusChoice[];
  onChange: ChangeSubtask;
}) {
  const statusOptions = useMemo(() => {
    const options = statuses.map((status) => ({ value: status.key, label: status.name }));
    return options.some((option) => option.value === subtask.status)
      ? options
      : [...options, { value: subtask.status, label: shownStatusName(subtask.status, subtask.status_name) }];
  }, [statuses, subtask.status, subtask.status_name]);
  // The row shows the change at once, as every view of the sub-task does (the shared task update);
  // the parent's list and progress are read again once it is saved.
  const change = (changes: UpdateTaskInput) => onChange(subtask.task_id, changes);
  return (
    <div className={classes.fields}>
      <select
        className={`${classes.field} ${classes.status}`}
        aria-label={t('task-detail.statusOf', { reference: subtask.reference })}
        value={subtask.status}
        onChange={(event) => {
          const value = event.currentTarget.value as TaskStatus;
          if (value !== subtask.status) change({ status: value });
        }}
      >
        {statusOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <select
        className={`${classes.field} ${classes.assignee}`}
        aria-label={t('task-detail.assigneeOf', { reference: subtask.reference })}
        value={subtask.assignee_id ?? NOBODY}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const next = value === NOBODY ? null : value;
          if (next !== subtask.assignee_id) change({ assignee_id: next });
        }}
      >
        {assigneeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <DueField
        label={t('task-detail.dueDateOf', { reference: subtask.reference })}
        due={subtask.due_on === null && subtask.due_at === null ? null : subtask}
        // The day changes; a due time, when there is one, is kept. Emptied: no due date.
        onDay={(day) => change(dueFrom(day, day ? localTime(subtask) : ''))}
      />
    </div>
  );
}

/**
 * The due date: a button with the date in words until it is focused (by Tab or a press), then the
 * browser's date field in its place, focused, its calendar opened when it was pressed. A hundred
 * date fields took the browser longer to lay out than the rest of the rows' fields together.
 */
function DueField({
  label,
  due,
  onDay,
}: {
  label: string;
  due: DueFields | null;
  onDay: (day: string | null) => void;
}) {
  const [editing, setEditing] = useState<'focus' | 'picker' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!editing || !input.current) return;
    input.current.focus();
    if (editing === 'picker') {
      try {
        input.current.showPicker();
      } catch {
        // No picker to open (an older browser, or no user activation left): the field is focused.
      }
    }
  }, [editing]);
  const day = due ? dueDay(due) : null;
  if (editing)
    return (
      <input
        ref={input}
        type="date"
        className={`${classes.field} ${classes.due}`}
        aria-label={label}
        value={day ?? ''}
        onChange={(event) => onDay(event.currentTarget.value || null)}
        onBlur={() => setEditing(null)}
      />
    );
  const words = due ? formatDueShort(due) : null;
  return (
    <button
      type="button"
      className={`${classes.field} ${classes.due}`}
      aria-label={label}
      data-empty={words ? undefined : true}
      onPointerDown={(event) => {
        // The field takes the press: its calendar opens, as the date field's own button would.
        event.preventDefault();
        setEditing('picker');
      }}
      onFocus={() => setEditing((now) => now ?? 'focus')}
    >
      <CalendarDueIcon />
      {words ?? t('ui.noDueDate')}
    </button>
  );
}
