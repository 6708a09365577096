/** In list order: the list and the board both show statuses in this sequence. */
export const TASK_STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const DEFAULT_TASK_STATUS: TaskStatus = 'TODO';

export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  TODO: 'To Do',
  DOING: 'Doing',
  DONE: 'Done',
  ARCHIVE: 'Archive',
};

export function statusOrder(status: TaskStatus): number {
  return TASK_STATUSES.indexOf(status);
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
