import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { useFieldAskedOnArrival, useTaskFieldKeys as useFieldKeysOn } from '../../../shared/field-keys';

/** The side panel the field keys open pickers in (task-side-panel.tsx marks it so, in any language). */
const PANEL = 'aside[data-task-panel]';
const panel = () => document.querySelector(PANEL);

/**
 * The field keys on a task's page: s, a, p, l and d open the side panel's picker of that field with
 * the focus in it; i assigns the task to the signed-in person. A key pressed on a row or card for a
 * field it does not show (l, d) arrives here with that picker open.
 */
export function useTaskFieldKeys(task: TaskDetailView | undefined) {
  useFieldKeysOn(() => {
    const within = task ? panel() : null;
    return task && within ? { task, within } : null;
  });
  useFieldAskedOnArrival(panel, task !== undefined);
}
