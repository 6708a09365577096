import type { BulkTaskFields } from '@figgle/shared/bulk-task-schemas';
import type { CustomValue } from '@figgle/shared/custom-field-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { t } from '../../../../lib/i18n/i18n';

/** A custom field the selection bar sets, with each task's value before (none: null). */
interface BulkCustomField {
  fieldId: string;
  valueOf: (taskId: string) => CustomValue | null;
}

/** A field the selection bar sets on every selected task. */
export type BulkField =
  | 'status'
  | 'assignee'
  | 'priority'
  | 'due'
  | 'cycle'
  | 'labels'
  | 'estimate'
  | 'project'
  | BulkCustomField;

type Group = { task_ids: string[]; changes: BulkTaskFields };

/** The value a task holds for `field`, as the change that would put it back. */
function earlierValue(task: TaskSummaryView, field: BulkField): BulkTaskFields {
  if (typeof field === 'object')
    return { custom_value: { field_id: field.fieldId, value: field.valueOf(task.task_id) } };
  switch (field) {
    case 'status':
      return { status: task.status };
    case 'priority':
      return { priority: task.priority };
    case 'assignee':
      return { assignee_id: task.assignee?.user_id ?? null };
    case 'cycle':
      return { cycle_id: task.cycle_id };
    case 'labels':
      return { label_ids: task.labels.map((label) => label.label_id) };
    case 'estimate':
      return { estimate: task.estimate as BulkTaskFields['estimate'] };
    case 'project':
      // Back to its project, in the status it had there (the move gave it a new reference).
      return { project_id: task.project_id, status: task.status };
    case 'due':
      // A due time is put back as a time (which clears the day the bulk change set), else the day.
      return task.due_at ? { due_at: task.due_at } : { due_on: task.due_on };
  }
}

/**
 * The bulk change that puts back what `tasks` held before a change of `field`: one group per
 * earlier value (usually a handful), so the undo is one request however many tasks it restores.
 */
export function undoGroups(tasks: readonly TaskSummaryView[], field: BulkField): Group[] {
  const groups = new Map<string, Group>();
  for (const task of tasks) {
    const changes = earlierValue(task, field);
    const key = JSON.stringify(changes);
    const group = groups.get(key);
    if (group) group.task_ids.push(task.task_id);
    else groups.set(key, { task_ids: [task.task_id], changes });
  }
  return [...groups.values()];
}

/** "Changed 24 tasks", "Changed 1 task". */
export function changedTasksMessage(count: number): string {
  return t('tasks.changedTasks', { count });
}
