import { STATUS_CATEGORIES } from '@figgle/shared/status-categories';
import {
  DEFAULT_STATUS_CHOICES,
  type StatusChoice,
  statusChoiceOf,
} from '../../../shared/api/list-project-statuses';

const isDefault = (choice: StatusChoice) => DEFAULT_STATUS_CHOICES.some((first) => first.key === choice.key);

/**
 * The columns of My tasks (docs/product.md#my-tasks), across projects: the four first statuses
 * (To Do, Doing, Done, Archive), then each other status a task holds, by its name in the task's
 * project, placed with its category: Backlog first, "In review" (Started) after Doing, "Shipped"
 * (Done) after Done, "Won't do" (Canceled) after Archive. One column per key: the first task's
 * project names it.
 */
export function myTasksStatuses(
  tasks: ReadonlyArray<{ status: string; project: { project_id: string } }>,
  statusesOf: ReadonlyMap<string, readonly StatusChoice[]>,
): StatusChoice[] {
  const own = new Map<string, StatusChoice>();
  for (const task of tasks) {
    if (own.has(task.status) || DEFAULT_STATUS_CHOICES.some((first) => first.key === task.status)) continue;
    own.set(task.status, statusChoiceOf(statusesOf.get(task.project.project_id) ?? [], task.status));
  }
  const place = (choice: StatusChoice) => STATUS_CATEGORIES.indexOf(choice.category);
  return [...DEFAULT_STATUS_CHOICES, ...own.values()]
    .map((choice, index) => ({ choice, index }))
    .sort(
      (a, b) =>
        place(a.choice) - place(b.choice) ||
        Number(isDefault(b.choice)) - Number(isDefault(a.choice)) ||
        a.index - b.index,
    )
    .map(({ choice }) => choice);
}
