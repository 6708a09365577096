import type { PersonView, TaskSummaryView, UpdateTaskInput } from '@figgle/shared/task-schemas';

/** The fields of a task one change (PATCH /api/tasks/:id, or one group of a bulk change) shows at once. */
export type ShownTaskFields = Partial<
  Pick<
    TaskSummaryView,
    'title' | 'status' | 'assignee' | 'due_on' | 'due_at' | 'start_date' | 'priority' | 'estimate'
  >
>;

/**
 * The one rule for what a change shows before the server has it, as every view draws it: the task
 * update (shared/api/update-task.ts), a bulk change's rows and the undo of a change that waited
 * offline (lib/offline/undo-after-reload.ts) all read it. Setting one due field clears the other, as
 * the server does; a new assignee shows by name when the caller knows the person.
 */
export function fieldsShownBy(changes: UpdateTaskInput, assignee?: PersonView | null): ShownTaskFields {
  const { title, status, assignee_id: assigneeId, due_on: dueOn, due_at: dueAt } = changes;
  const { start_date: startDate, priority, estimate } = changes;
  const shown: ShownTaskFields = {};
  if (title !== undefined) shown.title = title;
  if (status !== undefined) shown.status = status;
  if (assigneeId !== undefined)
    shown.assignee =
      assigneeId === null ? null : (assignee ?? { user_id: assigneeId, firstname: '', lastname: '' });
  if (dueOn !== undefined || dueAt !== undefined) {
    shown.due_on = dueOn ?? null;
    shown.due_at = dueAt ?? null;
  }
  if (startDate !== undefined) shown.start_date = startDate;
  if (priority !== undefined) shown.priority = priority;
  if (estimate !== undefined) shown.estimate = estimate;
  return shown;
}

/**
 * A row of another shape (a sub-task or relation on the task page, a bar of the Timeline) with the
 * shown fields it has: the assignee as its id where the row keeps only that, and a new status drops
 * the old one's name and category until the server's answer brings them.
 */
export function rowWithFields<Row extends { task_id: string }>(row: Row, fields: ShownTaskFields): Row {
  const next: Record<string, unknown> = { ...row };
  for (const [field, value] of Object.entries(fields)) if (field in row) next[field] = value;
  if (fields.assignee !== undefined && 'assignee_id' in row)
    next.assignee_id = fields.assignee?.user_id ?? null;
  if (fields.status !== undefined && fields.status !== (row as { status?: unknown }).status) {
    delete next.status_name;
    delete next.status_category;
  }
  return next as Row;
}
