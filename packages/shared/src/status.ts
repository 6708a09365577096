/**
 * The keys of the four statuses every project starts with (migration 0037), in their first order.
 * A project may add others (docs/product.md#statuses): a task's status is its project's status key.
 */
export const TASK_STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;
type DefaultTaskStatus = (typeof TASK_STATUSES)[number];
/** A status key of the task's project: one of TASK_STATUSES, or one a project added (IN_REVIEW). */
export type TaskStatus = DefaultTaskStatus | (string & {});

export const DEFAULT_TASK_STATUS: TaskStatus = 'TODO';

/** The names of the four first statuses; a project's own names come with its statuses. */
export const STATUS_LABELS: Readonly<Record<DefaultTaskStatus, string>> = {
  TODO: 'To Do',
  DOING: 'Doing',
  DONE: 'Done',
  ARCHIVE: 'Archive',
};

export function statusOrder(status: TaskStatus): number {
  const index = TASK_STATUSES.indexOf(status as DefaultTaskStatus);
  return index === -1 ? TASK_STATUSES.length : index;
}

/** A status's name among the four first ones, else its key as it is (a project's own status). */
export function defaultStatusLabel(status: TaskStatus): string {
  return STATUS_LABELS[status as DefaultTaskStatus] ?? status;
}

// A fixed locale keeps the server's order and the browser's order identical, so rows never jump
// when a live update arrives. 'accent' sensitivity ignores case only; numeric puts "Task 2" before "Task 10".
// Made on first use: building a collator loads the locale's collation data (~20 ms in a fresh
// browser tab), which pages that never sort titles (the board) should not pay while loading.
let titleCollator: Intl.Collator | undefined;

export function compareTitles(a: string, b: string): number {
  titleCollator ??= new Intl.Collator('en', { sensitivity: 'accent', numeric: true });
  return titleCollator.compare(a, b);
}

/** The order of the project list: status (TODO, DOING, DONE, ARCHIVE), then title. */
export function compareTasksForList(
  a: { status: TaskStatus; title: string },
  b: { status: TaskStatus; title: string },
): number {
  return statusOrder(a.status) - statusOrder(b.status) || compareTitles(a.title, b.title);
}
