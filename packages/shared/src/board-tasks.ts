import { taskIdOf } from './board-ids.ts';
import type { BoardPerson, BoardView } from './board-schemas.ts';
import { TASK_PRIORITIES, type TaskPriority } from './priority.ts';
import { statusOrder, TASK_STATUSES } from './status.ts';
import type { PersonView, TaskSummaryView } from './task-schemas.ts';

// No zod here: the board reads its data through this on its way to the first render.

/** The board's `design` numbers, in order: none, Ready for dev, Completed. */
export const BOARD_DESIGN_STATUSES = [null, 'READY_FOR_DEV', 'COMPLETED'] as const;

const iso = (milliseconds: number) => new Date(milliseconds).toISOString();

/** A person by their index in `people` plus one (0: none). */
function personOf(people: readonly BoardPerson[], number: number): PersonView | null {
  if (number === 0) return null;
  // Names are left out for a person only authors name (board-schemas.ts): empty, as the presenter reads them.
  const person: readonly string[] = people[number - 1]!;
  return { user_id: person[0]!, firstname: person[1] ?? '', lastname: person[2] ?? '' };
}

const ASCII = /^[ -~]*$/;
const encoder = new TextEncoder();

/** Byte-wise, as the database compares ranks and ids (COLLATE "C": UTF-8 bytes). */
function compareBytes(a: string, b: string): number {
  const [x, y] = [encoder.encode(a), encoder.encode(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * In the default answer's order: column (TASK_STATUSES, a project's own statuses after them), then
 * rank, then id (queries.ts LIST_ORDER).
 * Ranks are ASCII in practice, where string order is byte order.
 */
function sortInListOrder(tasks: TaskSummaryView[]): TaskSummaryView[] {
  const plain = tasks.every((task) => ASCII.test(task.rank));
  const compare = plain ? (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) : compareBytes;
  return tasks.sort(
    (a, b) =>
      statusOrder(a.status) - statusOrder(b.status) ||
      compare(a.rank, b.rank) ||
      (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0),
  );
}

/** A board's status number: an index in TASK_STATUSES, else 4 + an index in the board's `statuses`. */
function statusOfNumber(statuses: readonly string[] | undefined, number: number): string {
  return TASK_STATUSES[number] ?? statuses?.[number - TASK_STATUSES.length] ?? TASK_STATUSES[0];
}

/** 0 for NONE up to 4 for URGENT, as the board shape writes a priority: the default is 0. */
export const BOARD_PRIORITIES: readonly TaskPriority[] = [...TASK_PRIORITIES].reverse();

/**
 * A task's author_name when it names its author as `people` does: how a task made in Figgle writes
 * it (commands/create-task.ts). The board leaves such a name out, and this gives it back.
 */
export function boardAuthorName(firstname: string, lastname: string): string {
  return `${firstname} ${lastname}`.trim();
}

/**
 * The tasks of a board-shape answer as the default answer gives them (presentTaskSummary's shape, in
 * list order), field for field: every reader of a project's tasks works on these.
 */
export function boardTasks(board: BoardView): TaskSummaryView[] {
  const { people, labels, tasks: columns } = board;
  let reference = 0;
  let created = 0;
  const tasks = columns.id.map((id, i): TaskSummaryView => {
    reference += 1 + (columns.ref?.[i] ?? 0);
    created += columns.created[i]!;
    const modifier = columns.modifier?.[i] ?? 0;
    const lastModifier = personOf(people, modifier);
    const author = columns.author ? personOf(people, columns.author[i]!) : lastModifier;
    const dueAt = columns.due_at?.[i] ?? null;
    const subTotal = columns.sub_total?.[i] ?? 0;
    return {
      task_id: taskIdOf(id, created),
      project_id: board.project_id,
      reference,
      title: columns.title[i]!,
      status: statusOfNumber(board.statuses, columns.status?.[i] ?? 0),
      rank: columns.rank[i]!,
      assignee: personOf(people, columns.assignee?.[i] ?? 0),
      due_on: columns.due_on?.[i] ?? null,
      due_at: dueAt === null ? null : iso(dueAt),
      start_date: columns.start?.[i] ?? null,
      priority: BOARD_PRIORITIES[columns.priority?.[i] ?? 0]!,
      labels: (columns.labels?.[i] ?? []).map((index) => {
        const [label_id, name, color] = labels[index]!;
        return { label_id, name, color };
      }),
      checklist: { done: columns.done?.[i] ?? 0, total: columns.total?.[i] ?? 0 },
      parent_id: null,
      estimate: columns.estimate?.[i] ?? null,
      cycle_id: columns.cycle?.[i] ?? null,
      subtasks: subTotal === 0 ? null : { done: columns.sub_done?.[i] ?? 0, total: subTotal },
      blocked_by: columns.blocked?.[i] ?? 0,
      last_modifier: lastModifier,
      comments_total: columns.comments?.[i] ?? 0,
      author_id: author?.user_id ?? null,
      author_name:
        columns.author_name?.[i] ?? (author ? boardAuthorName(author.firstname, author.lastname) : ''),
      is_from_figma: columns.figma?.[i] === 1,
      design_status: BOARD_DESIGN_STATUSES[columns.design?.[i] ?? 0]!,
      version: columns.version?.[i] ?? 1,
      created_at: iso(created),
      updated_at: iso(created + (columns.updated?.[i] ?? 0)),
    };
  });
  // Parents by their place on the board: every task's id is known once all are read.
  const parents = columns.parent;
  if (parents)
    for (const [i, task] of tasks.entries()) {
      const parent = parents[i] ?? 0;
      if (typeof parent === 'string') task.parent_id = taskIdOf(parent, 0);
      else if (parent !== 0) task.parent_id = tasks[i - parent]!.task_id;
    }
  return sortInListOrder(tasks);
}
