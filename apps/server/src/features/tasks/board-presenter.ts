import { boardIdOf, wholeBoardIdOf } from '@figgle/shared/board-ids';
import type { BoardColumns, BoardLabel, BoardPerson, BoardView } from '@figgle/shared/board-schemas';
import { BOARD_DESIGN_STATUSES, BOARD_PRIORITIES, boardAuthorName } from '@figgle/shared/board-tasks';
import { TASK_STATUSES } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';

// The board shape (docs/decisions/0015-board-shape.md): what the default list says, without the
// repetition that made a 1,000-task board 800 KB of JSON. @figgle/shared/board-tasks reads it back.

/** Creation order: the board shape's order, in which references and creation times barely move. */
export function compareCreation(a: TaskSummaryView, b: TaskSummaryView): number {
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

/** Every value is the field's default (for an array field, the empty array). */
function holdsOnly(values: readonly unknown[], fallback: unknown): boolean {
  if (Array.isArray(fallback)) {
    for (const value of values) if (!Array.isArray(value) || value.length > 0) return false;
    return true;
  }
  for (const value of values) if (value !== fallback) return false;
  return true;
}

/** A column of the board whose value at a task depends on that task alone. */
type OwnField = Exclude<
  keyof BoardColumns,
  | 'id'
  | 'created'
  | 'ref'
  | 'status'
  | 'assignee'
  | 'labels'
  | 'parent'
  | 'modifier'
  | 'author'
  | 'author_name'
>;

/** The value of each such column at a task (`made`: derived(task)). */
const OWN_VALUES: { [Field in OwnField]: (task: TaskSummaryView, made: Derived) => unknown } = {
  title: (task) => task.title,
  rank: (task) => task.rank,
  due_on: (task) => task.due_on,
  due_at: (_task, made) => made.dueAt,
  start: (task) => task.start_date,
  priority: (task) => BOARD_PRIORITIES.indexOf(task.priority),
  done: (task) => task.checklist.done,
  total: (task) => task.checklist.total,
  estimate: (task) => task.estimate,
  cycle: (task) => task.cycle_id,
  sub_done: (task) => task.subtasks?.done ?? 0,
  sub_total: (task) => task.subtasks?.total ?? 0,
  blocked: (task) => task.blocked_by,
  comments: (task) => task.comments_total,
  figma: (task) => (task.is_from_figma ? 1 : 0),
  design: (task) => BOARD_DESIGN_STATUSES.indexOf(task.design_status),
  version: (task) => task.version,
  updated: (_task, made) => made.updated,
};
const OWN_FIELDS = Object.keys(OWN_VALUES) as OwnField[];

/** The columns of `tasks`, in the board's order of fields. */
type Columns = { [Field in keyof BoardColumns]-?: unknown[] };

/** The people a board names (its `people`) and the columns that name them. */
function peopleColumns(tasks: readonly TaskSummaryView[]) {
  const people = new People();
  const assignee = tasks.map((task) => people.named(task.assignee));
  const modifier = tasks.map((task) => people.named(task.last_modifier));
  const author = tasks.map((task) => people.of(task.author_id));
  const names = new Map<number, string>();
  const authorNameOf = (number: number): string => {
    let name = names.get(number);
    if (name === undefined) {
      name = nameOf(people.table[number - 1]);
      names.set(number, name);
    }
    return name;
  };
  const author_name = tasks.map((task, i) =>
    task.author_name === authorNameOf(author[i]!) ? null : task.author_name,
  );
  return { people: people.table, columns: { assignee, modifier, author, author_name } };
}

/** The board's order of fields (the web app reads them by name; the text keeps this order). */
const FIELD_ORDER: ReadonlyArray<keyof BoardColumns> = [
  'id',
  'title',
  'rank',
  'created',
  'ref',
  'status',
  'assignee',
  'due_on',
  'due_at',
  'start',
  'priority',
  'labels',
  'done',
  'total',
  'parent',
  'estimate',
  'cycle',
  'sub_done',
  'sub_total',
  'blocked',
  'modifier',
  'comments',
  'author',
  'author_name',
  'figma',
  'design',
  'version',
  'updated',
];

/** A board as presented, with what patchBoard needs to present the next one from it. */
export interface PresentedBoard {
  readonly view: BoardView;
  /** The tasks, in creation order. */
  readonly tasks: readonly TaskSummaryView[];
  /** Every column, those the view leaves out included. */
  readonly columns: Readonly<Columns>;
}

/** The view of columns: a field left out when every task holds its default there (see DEFAULTS). */
function viewOf(
  projectId: string,
  head: Pick<BoardView, 'people' | 'labels' | 'statuses'>,
  columns: Readonly<Columns>,
): BoardView {
  const tasks: Partial<Columns> = {};
  // Most tasks are last changed by the person who made them: then the last modifiers say the authors.
  const authorsAreModifiers = columns.author.every((number, i) => number === columns.modifier[i]);
  for (const field of FIELD_ORDER) {
    if (field === 'author' && authorsAreModifiers) continue;
    if (field in DEFAULTS && holdsOnly(columns[field], DEFAULTS[field as Optional])) continue;
    tasks[field] = columns[field];
  }
  return {
    project_id: projectId,
    people: head.people,
    labels: head.labels,
    ...(head.statuses && head.statuses.length > 0 ? { statuses: head.statuses } : {}),
    tasks: tasks as BoardColumns,
  };
}

/**
 * The board shape of a project's tasks (the default answer's summaries, in any order): people and
 * labels named once, one array per field in creation order, a field left out when every task holds
 * its default there.
 */
export function presentBoard(projectId: string, summaries: readonly TaskSummaryView[]): BoardView {
  return presentBoardInCreationOrder(projectId, [...summaries].sort(compareCreation)).view;
}

/**
 * presentBoard of tasks already in creation order (compareCreation): a cached list keeps that order
 * between patches that change tasks but not which tasks there are, and skips the sort.
 */
export function presentBoardInCreationOrder(
  projectId: string,
  tasks: readonly TaskSummaryView[],
): PresentedBoard {
  const people = peopleColumns(tasks);
  const labels = labelTable();
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
  const own = Object.fromEntries(
    OWN_FIELDS.map((field) => {
      const value = OWN_VALUES[field];
      return [field, tasks.map((task, i) => value(task, made[i]!))];
    }),
  ) as Pick<Columns, OwnField>;
  const columns: Columns = {
    ...own,
    id: made.map((task) => task.id),
    created: createdMs.map((ms, i) => ms - (i === 0 ? 0 : createdMs[i - 1]!)),
    ref: tasks.map((task, i) => task.reference - (i === 0 ? 0 : tasks[i - 1]!.reference) - 1),
    status: tasks.map((task) => statusNumber(task.status)),
    ...people.columns,
    labels: tasks.map((task) => task.labels.map(labels.indexOf)),
    parent: tasks.map((task, i) => {
      if (task.parent_id === null) return 0;
      place ??= new Map(tasks.map((each, at) => [each.task_id, at]));
      const at = place.get(task.parent_id);
      return at === undefined ? wholeBoardIdOf(task.parent_id) : i - at;
    }),
  };
  const view = viewOf(
    projectId,
    { people: people.people, labels: labels.table, statuses: ownStatuses },
    columns,
  );
  return { view, tasks, columns };
}

const samePerson = (a: TaskSummaryView['assignee'], b: TaskSummaryView['assignee']) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.user_id === b.user_id &&
    a.firstname === b.firstname &&
    a.lastname === b.lastname);

const sameLabels = (a: TaskSummaryView['labels'], b: TaskSummaryView['labels']) =>
  a.length === b.length &&
  a.every((label, i) => {
    const other = b[i]!;
    return label.label_id === other.label_id && label.name === other.name && label.color === other.color;
  });

/**
 * Whether a task's change leaves the other tasks' values of every column where they were, but for
 * the people (see samePeople): the same task at the same place of the creation order, the same
 * labels, a status among the four first ones (or the same one), the same parent.
 */
function changesOwnValuesOnly(before: TaskSummaryView, after: TaskSummaryView): boolean {
  const firstStatuses = TASK_STATUSES as readonly string[];
  return (
    before.task_id === after.task_id &&
    before.created_at === after.created_at &&
    before.reference === after.reference &&
    (before.status === after.status ||
      (firstStatuses.includes(before.status) && firstStatuses.includes(after.status))) &&
    sameLabels(before.labels, after.labels) &&
    before.parent_id === after.parent_id
  );
}

/** The same people named by the task (a change of one may renumber every person of the board). */
const samePeople = (before: TaskSummaryView, after: TaskSummaryView) =>
  samePerson(before.assignee, after.assignee) &&
  samePerson(before.last_modifier, after.last_modifier) &&
  before.author_id === after.author_id &&
  before.author_name === after.author_name;

/**
 * The board of `tasks`, the tasks of `before` with those at `changed` places replaced (a cached list
 * patched after writes), equal to presentBoardInCreationOrder's: only the changed tasks' own values
 * are read again, and only the columns where one differs are copied. Undefined when a change reaches
 * further (see changesOwnValuesOnly): the board is then presented whole.
 */
export function patchBoard(
  projectId: string,
  before: PresentedBoard,
  tasks: readonly TaskSummaryView[],
  changed: Iterable<number>,
): PresentedBoard | undefined {
  if (tasks.length !== before.tasks.length) return undefined;
  const columns: Columns = { ...before.columns };
  const copied = new Set<keyof Columns>();
  const set = (field: keyof Columns, at: number, value: unknown) => {
    if (columns[field][at] === value) return;
    if (!copied.has(field)) {
      columns[field] = columns[field].slice();
      copied.add(field);
    }
    columns[field][at] = value;
  };
  let peopleChanged = false;
  for (const at of changed) {
    const task = tasks[at];
    const old = before.tasks[at];
    if (!task || !old || !changesOwnValuesOnly(old, task)) return undefined;
    if (!samePeople(old, task)) peopleChanged = true;
    const made = derived(task);
    for (const field of OWN_FIELDS) set(field, at, OWN_VALUES[field](task, made));
    // Between two of the four first statuses (else the same status: the same number).
    const status = (TASK_STATUSES as readonly string[]).indexOf(task.status);
    if (status !== -1) set('status', at, status);
  }
  let { people } = before.view;
  if (peopleChanged) {
    // Another person moved the task, say: the people and their columns are made again (a few
    // lookups a task), each column kept as it was when it came out the same.
    const again = peopleColumns(tasks);
    people = again.people;
    for (const [field, values] of Object.entries(again.columns) as Array<[keyof Columns, unknown[]]>) {
      const old = columns[field];
      if (values.length !== old.length || values.some((value, i) => value !== old[i])) {
        columns[field] = values;
        copied.add(field);
      }
    }
  }
  if (copied.size === 0 && people === before.view.people) return { view: before.view, tasks, columns };
  const { labels, statuses } = before.view;
  return { view: viewOf(projectId, { people, labels, statuses }, columns), tasks, columns };
}
