/** How the list shows sub-tasks: under their parent (collapsible) or as rows like any other. */
export type SubtaskView = 'flat' | 'nested';

/** The address's parameter: `?subtasks=nested`; flat, the default, is written as nothing. */
const SUBTASKS_PARAM = 'subtasks';

export function subtaskViewFrom(params: URLSearchParams): SubtaskView {
  return params.get(SUBTASKS_PARAM) === 'nested' ? 'nested' : 'flat';
}

/** The address with this view, keeping its other parameters. */
export function searchWithSubtaskView(current: URLSearchParams, view: SubtaskView): URLSearchParams {
  const next = new URLSearchParams(current);
  if (view === 'nested') next.set(SUBTASKS_PARAM, 'nested');
  else next.delete(SUBTASKS_PARAM);
  return next;
}

interface Nestable {
  task_id: string;
  /** Absent on a copy kept on the device from before sub-tasks. */
  parent_id?: string | null;
}

/** One row of the list as drawn. */
export interface ListRow<T> {
  task: T;
  /** 0 at the top level, 1 under a parent, 2 under a sub-task… */
  depth: number;
  /** How many of the list's rows sit directly under it (0 in the flat view). */
  children: number;
  /** Its sub-tasks are hidden (only with children). */
  collapsed: boolean;
  /**
   * A sub-task drawn at the top level of the nested view because its parent is not among the rows
   * (another project's task, or one the filters hide).
   */
  detached: boolean;
}

/**
 * The rows of the list, in the order given (already sorted): flat, each task one row at the top
 * level; nested, each task followed by its sub-tasks (in the same order, at any depth) unless it is
 * collapsed. A sub-task whose parent is not in `tasks` stays at the top level, marked `detached`.
 * One pass over the tasks: a list of thousands is regrouped on each change.
 */
export function listRows<T extends Nestable>(
  tasks: readonly T[],
  view: SubtaskView,
  collapsed: ReadonlySet<string>,
): ListRow<T>[] {
  if (view === 'flat')
    return tasks.map((task) => ({ task, depth: 0, children: 0, collapsed: false, detached: false }));
  const shown = new Set<string>();
  for (const task of tasks) shown.add(task.task_id);
  const childrenOf = new Map<string, T[]>();
  const roots: T[] = [];
  for (const task of tasks) {
    const parent = task.parent_id ?? null;
    if (parent !== null && parent !== task.task_id && shown.has(parent)) {
      const siblings = childrenOf.get(parent);
      if (siblings) siblings.push(task);
      else childrenOf.set(parent, [task]);
    } else roots.push(task);
  }
  const rows: ListRow<T>[] = [];
  const placed = new Set<string>();
  const place = (task: T, depth: number) => {
    if (placed.has(task.task_id)) return;
    placed.add(task.task_id);
    const children = childrenOf.get(task.task_id) ?? [];
    const closed = children.length > 0 && collapsed.has(task.task_id);
    const detached = depth === 0 && (task.parent_id ?? null) !== null;
    rows.push({ task, depth, children: children.length, collapsed: closed, detached });
    // Hidden under a collapsed parent, its sub-tasks still count as placed.
    if (closed) markPlaced(task.task_id);
    else for (const child of children) place(child, depth + 1);
  };
  const markPlaced = (taskId: string) => {
    for (const child of childrenOf.get(taskId) ?? []) {
      if (placed.has(child.task_id)) continue;
      placed.add(child.task_id);
      markPlaced(child.task_id);
    }
  };
  for (const root of roots) place(root, 0);
  // Tasks that are each other's parents (refused by the server, but a copy may be stale) would
  // have no root: they go to the top level rather than vanish.
  if (placed.size < tasks.length) for (const task of tasks) if (!placed.has(task.task_id)) place(task, 0);
  return rows;
}
