import { TASK_STATUSES, type TaskStatus } from '@figgle/shared/status';
import { generateKeyBetween } from 'fractional-indexing';

/** Task ids per status column (a key of the project's statuses), in board order. */
export type Columns = Record<string, string[]>;

/** The column of a status: empty when no task is in it yet. */
export const columnTasks = (columns: Columns, status: TaskStatus): string[] => columns[status] ?? [];

export interface RankedTask {
  task_id: string;
  status: TaskStatus;
  rank: string;
}

/** The server's column order: rank compared as plain strings (byte order), then task id. */
function compareByRank(a: RankedTask, b: RankedTask): number {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.task_id === b.task_id) return 0;
  return a.task_id < b.task_id ? -1 : 1;
}

/**
 * The tasks by column, one column per status key of the project (`statuses`, in board order; the
 * four first ones while the project's list is loading), and one more for a status a task holds that
 * the list does not know yet (a live update ahead of the list).
 */
export function groupIntoColumns(
  tasks: readonly RankedTask[],
  statuses: readonly TaskStatus[] = TASK_STATUSES,
): Columns {
  const columns: Columns = Object.fromEntries(statuses.map((status) => [status, [] as string[]]));
  for (const task of [...tasks].sort(compareByRank)) {
    columns[task.status] ??= [];
    columns[task.status]!.push(task.task_id);
  }
  return columns;
}

// Droppable ids that are not tasks: a whole column, and the drop zone at its end.
const COLUMN = 'column:';
const END = 'end:';
export const columnDropId = (status: TaskStatus) => `${COLUMN}${status}`;
export const endDropId = (status: TaskStatus) => `${END}${status}`;

function statusOfDropId(id: string): TaskStatus | null {
  for (const prefix of [COLUMN, END]) {
    if (id.startsWith(prefix)) {
      const status = id.slice(prefix.length);
      return status === '' ? null : status;
    }
  }
  return null;
}

function isEndDropId(id: string): boolean {
  return id.startsWith(END);
}

/** The column a task id or a column/end drop id belongs to. */
export function columnOf(columns: Columns, id: string): TaskStatus | null {
  const direct = statusOfDropId(id);
  if (direct) return direct in columns ? direct : null;
  return Object.keys(columns).find((status) => columnTasks(columns, status).includes(id)) ?? null;
}

/**
 * While dragging over another column, the card joins it: before the card it is over (after it when
 * `below`), or at the end when it is over the column itself, its end zone, or `append` is set.
 */
export function moveAcross(
  columns: Columns,
  activeId: string,
  overId: string,
  options: { below?: boolean; append?: boolean } = {},
): Columns {
  const from = columnOf(columns, activeId);
  const to = columnOf(columns, overId);
  if (!from || !to || from === to) return columns;
  const target = columnTasks(columns, to).filter((id) => id !== activeId);
  const overIndex = target.indexOf(overId);
  const index = options.append || overIndex < 0 ? target.length : overIndex + (options.below ? 1 : 0);
  target.splice(index, 0, activeId);
  return { ...columns, [from]: columnTasks(columns, from).filter((id) => id !== activeId), [to]: target };
}

export interface Drop {
  columns: Columns;
  status: TaskStatus;
  /** Position in the column counted without the task: what kanban-update expects. */
  index: number;
}

/** Where the card lands when released over `overId` (inside its current column, or its end zone). */
export function dropAt(columns: Columns, activeId: string, overId: string): Drop | null {
  const status = columnOf(columns, activeId);
  if (!status) return null;
  const list = [...columnTasks(columns, status)];
  const from = list.indexOf(activeId);
  const overStatus = columnOf(columns, overId);
  if (overStatus === status && overId !== activeId) {
    list.splice(from, 1);
    if (isEndDropId(overId) || overId === columnDropId(status)) {
      if (isEndDropId(overId)) list.push(activeId);
      else list.splice(from, 0, activeId);
    } else {
      const overIndex = columnTasks(columns, status).indexOf(overId);
      list.splice(overIndex, 0, activeId);
    }
  }
  return { columns: { ...columns, [status]: list }, status, index: list.indexOf(activeId) };
}

/** A rank between the new neighbours, so the card shows in place before the server answers. */
export function rankBetween(
  before: string | null | undefined,
  after: string | null | undefined,
): string | null {
  try {
    return generateKeyBetween(before ?? null, after ?? null);
  } catch {
    // Neighbours out of order in the cache (a live update half applied): let the server decide.
    return null;
  }
}

/**
 * The index to send for a drop on a filtered board. `shown` is the target column as drawn after the
 * drop (only the tasks the filters let through, the dropped one among them); `full` is the whole
 * column, hidden tasks included, which is what the server counts in. The task goes right after the
 * shown card above it, or right before the shown card below it when it is the first shown; alone in
 * the shown column, it goes last. Counted without the task, as kanban-update expects.
 */
export function fullColumnIndex(full: readonly string[], shown: readonly string[], taskId: string): number {
  const others = full.filter((id) => id !== taskId);
  const position = shown.indexOf(taskId);
  const above = position > 0 ? others.indexOf(shown[position - 1]!) : -1;
  if (above >= 0) return above + 1;
  const below = position >= 0 && position + 1 < shown.length ? others.indexOf(shown[position + 1]!) : -1;
  if (below >= 0) return below;
  return others.length;
}
