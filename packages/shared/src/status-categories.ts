/**
 * The five categories of a project's statuses (docs/product.md#statuses), in board order. Without zod,
 * so the board reads them without loading it. "Is it done?" asks the category, never a status's key.
 */
export const STATUS_CATEGORIES = ['backlog', 'unstarted', 'started', 'done', 'canceled'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** The key a new status takes from its name: IN_REVIEW for "In review"; S when nothing is left. */
export function statusKeyFromName(name: string): string {
  const key = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^[^A-Z]+|_+$/g, '')
    .slice(0, 32);
  return key === '' ? 'S' : key;
}

/**
 * Whether a task is finished (Done or Canceled category): by its category when the answer gave it,
 * else by the keys of the first four statuses (a row the page made before the server answered).
 */
export function isFinishedStatus(task: {
  status: string;
  status_category?: StatusCategory | undefined;
}): boolean {
  if (task.status_category) return task.status_category === 'done' || task.status_category === 'canceled';
  return task.status === 'DONE' || task.status === 'ARCHIVE';
}
