import { boardIdOf, wholeBoardIdOf } from '@figgle/shared/board-ids';
import type { BoardColumns, BoardLabel, BoardPerson, BoardView } from '@figgle/shared/board-schemas';
import { BOARD_DESIGN_STATUSES, BOARD_PRIORITIES, boardAuthorName } from '@figgle/shared/board-tasks';
import { TASK_STATUSES } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';

// The board shape (docs/decisions/0015-board-shape.md): what the default list says, without the
// repetition that made a 1,000-task board 800 KB of JSON. @figgle/shared/board-tasks reads it back.

/** Creation order: the board shape's order, in which references and creation times barely move. */
function compareCreation(a: TaskSummaryView, b: TaskSummaryView): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0;
}

/** What a task's fields become in the board, kept per summary: a cached list rebuilds its board after every patch. */
interface Derived {
  createdMs: number;
  id: string;
  updated: number;
  dueAt: number | null;
}
const derivedOf = new WeakMap<TaskSummaryView, Derived>();

function derived(task: TaskSummaryView): Derived {
  let made = derivedOf.get(task);
  if (!made) {
    const createdMs = Date.parse(task.created_at);
    made = {
      createdMs,
      id: boardIdOf(task.task_id, createdMs),
      updated: Date.parse(task.updated_at) - createdMs,
      dueAt: task.due_at === null ? null : Date.parse(task.due_at),
    };
    derivedOf.set(task, made);
  }
  return made;
}

/** Each person a board names, once, as their index plus one (0: none); names only for those shown. */
class People {
  private readonly numbers = new Map<string, number>();
  readonly table: BoardPerson[] = [];

  named(person: TaskSummaryView['assignee']): number {
    if (!person) return 0;
    const number = this.of(person.user_id);
    // The last task's spelling of the name wins; a new entry only when it differs (it rarely does).
    const entry = this.table[number - 1]!;
    if (entry[1] !== person.firstname || entry[2] !== person.lastname || entry.length === 1)
      this.table[number - 1] = [person.user_id, person.firstname, person.lastname];
    return number;
  }

  of(userId: string | null): number {
    if (userId === null) return 0;
    let number = this.numbers.get(userId);
    if (number === undefined) {
      number = this.table.push([userId]);
      this.numbers.set(userId, number);
    }
    return number;
  }
}

function labelTable() {
  const indexes = new Map<string, number>();
  const table: BoardLabel[] = [];
  const indexOf = (label: TaskSummaryView['labels'][number]) => {
    let index = indexes.get(label.label_id);
    if (index === undefined) {
      index = table.push([label.label_id, label.name, label.color]) - 1;
      indexes.set(label.label_id, index);
    }
    return index;
  };
  return { table, indexOf };
}

/** The author_name a person's tasks carry, as the board's reader gives it back. */
const nameOf = (person: readonly string[] | undefined) =>
  person ? boardAuthorName(person[1] ?? '', person[2] ?? '') : '';

/** The author is left out by another rule: when every author is the last modifier. */
type Optional = Exclude<keyof BoardColumns, 'id' | 'title' | 'rank' | 'created' | 'author'>;

/** What a field of the board holds when it says nothing; a field holding only that is left out. */
const DEFAULTS: Record<Optional, unknown> = {
  ref: 0,
  status: 0,
  assignee: 0,
  due_on: null,
  due_at: null,
  start: null,
  priority: 0,
  labels: [],
  done: 0,
  total: 0,
  parent: 0,
  estimate: null,
  cycle: null,
  sub_done: 0,
  sub_total: 0,
  blocked: 0,
  modifier: 0,
  comments: 0,
  author_name: null,
  figma: 0,
  design: 0,
  version: 1,
  updated: 0,
};

const OPTIONAL_FIELDS = Object.keys(DEFAULTS) as Optional[];

/** Every value is the field's default (for an array field, the empty array). */
function holdsOnly(values: readonly unknown[], fallback: unknown): boolean {
  if (Array.isArray(fallback)) {
    for (const value of values) if (!Array.isArray(value) || value.length > 0) return false;
    return true;
  }
  for (const value of values) if (value !== fallback) return false;
  return true;
}

/**
 * The board shape of a project's tasks (the default answer's summaries, in any order): people and
 * labels named once, one array per field in creation order, a field left out when every task holds
 * its default there.
 */
export function presentBoard(projectId: string, summaries: readonly TaskSummaryView[]): BoardView {
  const tasks = [...summaries].sort(compareCreation);
  const people = new People();
  const labels = labelTable();
  const assignee = tasks.map((task) => people.named(task.assignee));
  const modifier = tasks.map((task) => people.named(task.last_modifier));
  const author = tasks.map((task) => people.of(task.author_id));
  const made = tasks.map(derived);
  const createdMs = made.map((task) => task.createdMs);
  // Built only when a task has a parent (most boards' tasks have none).
  let place: Map<string, number> | undefined;
  // A project's own statuses (migration 0037) are numbered after the four first ones.
  const ownStatuses: string[] = [];
  const statusNumber = (status: string) => {
    const first = (TASK_STATUSES as readonly string[]).indexOf(status);
    if (first !== -1) return first;
    let own = ownStatuses.indexOf(status);
    if (own === -1) own = ownStatuses.push(status) - 1;
    return TASK_STATUSES.length + own;
  };
  const names = new Map<number, string>();
  const authorNames = {
    of(number: number): string {
      let name = names.get(number);
      if (name === undefined) {
        name = nameOf(people.table[number - 1]);
        names.set(number, name);
      }
      return name;
    },
  };
  const columns: BoardColumns = {
    id: made.map((task) => task.id),
    title: tasks.map((task) => task.title),
    rank: tasks.map((task) => task.rank),
    created: createdMs.map((ms, i) => ms - (i === 0 ? 0 : createdMs[i - 1]!)),
    ref: tasks.map((task, i) => task.reference - (i === 0 ? 0 : tasks[i - 1]!.reference) - 1),
    status: tasks.map((task) => statusNumber(task.status)),
    assignee,
    due_on: tasks.map((task) => task.due_on),
    due_at: made.map((task) => task.dueAt),
    start: tasks.map((task) => task.start_date),
    priority: tasks.map((task) => BOARD_PRIORITIES.indexOf(task.priority)),
    labels: tasks.map((task) => task.labels.map(labels.indexOf)),
    done: tasks.map((task) => task.checklist.done),
    total: tasks.map((task) => task.checklist.total),
    parent: tasks.map((task, i) => {
      if (task.parent_id === null) return 0;
      place ??= new Map(tasks.map((each, at) => [each.task_id, at]));
      const at = place.get(task.parent_id);
      return at === undefined ? wholeBoardIdOf(task.parent_id) : i - at;
    }),
    estimate: tasks.map((task) => task.estimate),
    cycle: tasks.map((task) => task.cycle_id),
    sub_done: tasks.map((task) => task.subtasks?.done ?? 0),
    sub_total: tasks.map((task) => task.subtasks?.total ?? 0),
    blocked: tasks.map((task) => task.blocked_by),
    modifier,
    comments: tasks.map((task) => task.comments_total),
    author,
    author_name: tasks.map((task, i) =>
      task.author_name === authorNames.of(author[i]!) ? null : task.author_name,
    ),
    figma: tasks.map((task) => (task.is_from_figma ? 1 : 0) as 0 | 1),
    design: tasks.map((task) => BOARD_DESIGN_STATUSES.indexOf(task.design_status) as 0 | 1 | 2),
    version: tasks.map((task) => task.version),
    updated: made.map((task) => task.updated),
  };
  // Most tasks are last changed by the person who made them: then the last modifiers say the authors.
  if (author.every((number, i) => number === modifier[i])) delete columns.author;
  for (const field of OPTIONAL_FIELDS) {
    const values = columns[field] as unknown[] | undefined;
    if (values && holdsOnly(values, DEFAULTS[field])) delete columns[field];
  }
  return {
    project_id: projectId,
    people: people.table,
    labels: labels.table,
    ...(ownStatuses.length > 0 ? { statuses: ownStatuses } : {}),
    tasks: columns,
  };
}
