import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { useMe } from '../../../shared/api/get-me';
import { useUpdateTask } from '../../../shared/api/update-task';
import { openFieldPicker, useFieldKeys } from '../../../shared/field-keys';

/** The side panel the field keys open pickers in (task-side-panel.tsx names it so). */
const PANEL = 'aside[aria-label="Task details"]';

/**
 * The field keys on a task's page: s, a, p, l and d open the side panel's picker of that field with
 * the focus in it; i assigns the task to the signed-in person.
 */
export function useTaskFieldKeys(task: TaskDetailView | undefined) {
  const me = useMe();
  const update = useUpdateTask();
  useFieldKeys((field) => {
    if (!task) return false;
    if (field !== 'me') {
      const panel = document.querySelector(PANEL);
      return panel ? openFieldPicker(panel, field) : false;
    }
    const person = me.data;
    if (!person) return false;
    if (task.assignee?.user_id !== person.user_id)
      update.mutate({
        taskId: task.task_id,
        changes: { assignee_id: person.user_id },
        assignee: { user_id: person.user_id, firstname: person.firstname, lastname: person.lastname },
      });
    return true;
  });
}
