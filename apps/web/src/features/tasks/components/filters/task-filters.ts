import { ESTIMATES, type Estimate } from '@figgle/shared/estimate';
import { TASK_PRIORITIES, type TaskPriority } from '@figgle/shared/priority';
import { statusOrder, type TaskStatus } from '@figgle/shared/status';

/** What a status key looks like (packages/shared/src/status-schema.ts, without zod). */
const STATUS_KEY = /^[A-Z][A-Z0-9_]{0,39}$/;

/** Who a task is given to: the signed-in person, nobody, or a member by user id. */
type AssigneeFilter = 'me' | 'none' | (string & {});

export const DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** 'started': a start date today or before (the viewer's day); 'later': after today; 'none': no start date. */
export const START_FILTERS = ['started', 'later', 'none'] as const;
export type StartFilter = (typeof START_FILTERS)[number];

/** An estimate of the project's scale, or 'none' for tasks without one. */
export type EstimateFilter = Estimate | 'none';
const ESTIMATE_FILTERS: readonly EstimateFilter[] = [...ESTIMATES, 'none'];

/** 'current': the task is in the project's current cycle (docs/product.md#cycles). */
const CYCLE_FILTERS = ['current'] as const;
type CycleFilter = (typeof CYCLE_FILTERS)[number];

/** 'none': the task has no parent ("Has no parent"); a task id: it is a sub-task of that task. */
export type ParentFilter = 'none' | (string & {});

/**
 * What a view of tasks is narrowed to. Inside one kind any value may match (To Do or Doing); the
 * kinds all have to match (To Do or Doing, and given to me, and with "logo" in the title).
 * An empty list or text leaves that kind out.
 */
export interface TaskFilters {
  statuses: TaskStatus[];
  assignees: AssigneeFilter[];
  text: string;
  priorities: TaskPriority[];
  labels: string[];
  due: DueFilter[];
  start: StartFilter[];
  estimates: EstimateFilter[];
  parents: ParentFilter[];
  cycle: CycleFilter[];
}

export const NO_FILTERS: TaskFilters = {
  statuses: [],
  assignees: [],
  text: '',
  priorities: [],
  labels: [],
  due: [],
  start: [],
  estimates: [],
  parents: [],
  cycle: [],
};

/** What a task needs for the filters; the planning fields are read when tasks carry them. */
export interface FilterableTask {
  status: TaskStatus;
  title: string;
  reference: number;
  assignee: { user_id: string } | null;
  project?: { trigram: string };
  priority?: TaskPriority;
  labels?: ReadonlyArray<{ label_id: string }>;
  due_on?: string | null;
  due_at?: string | null;
  start_date?: string | null;
  estimate?: string | null;
  /** Absent on a copy kept on the device from before sub-tasks: read as a top-level task. */
  parent_id?: string | null;
  cycle_id?: string | null;
}

interface FilterContext {
  /** The signed-in person, for "Me"; without it "Me" matches nothing. */
  meId: string | null;
  /** The viewer's present moment, for "Overdue" and "This week" (read in the viewer's time zone). */
  now: Date;
  /** The project's current cycle, for "Current cycle"; without it that filter matches nothing. */
  currentCycleId?: string | null;
  /**
   * Whether a task is finished (its status of the Done or Canceled category), for "Overdue"; without
   * it, the keys of the first four statuses decide (DONE, ARCHIVE).
   */
  finished?: (task: FilterableTask) => boolean;
}

/** The longest text kept from the address: a filter never needs more, and a pasted page stays cheap. */
export const FILTER_TEXT_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function activeFilterCount(filters: TaskFilters): number {
  return (
    (filters.statuses.length > 0 ? 1 : 0) +
    (filters.assignees.length > 0 ? 1 : 0) +
    (filters.text.trim() ? 1 : 0) +
    (filters.priorities.length > 0 ? 1 : 0) +
    (filters.labels.length > 0 ? 1 : 0) +
    (filters.due.length > 0 ? 1 : 0) +
    (filters.start.length > 0 ? 1 : 0) +
    (filters.estimates.length > 0 ? 1 : 0) +
    (filters.parents.length > 0 ? 1 : 0) +
    (filters.cycle.length > 0 ? 1 : 0)
  );
}

export const hasFilters = (filters: TaskFilters) => activeFilterCount(filters) > 0;

/** Lower case, without accents, so "Café" is found by "cafe". */
function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// A board of thousands of tasks is filtered on each key typed: each title is folded once.
const foldedTitles = new WeakMap<object, string>();
function foldedTitle(task: FilterableTask): string {
  let folded = foldedTitles.get(task);
  if (folded === undefined) {
    folded = foldText(task.title);
    foldedTitles.set(task, folded);
  }
  return folded;
}

/** The words of a text filter, folded; '#12', '12' and 'CHE-12' are read as references too. */
function wordsOf(text: string): string[] {
  return foldText(text.trim()).split(/\s+/).filter(Boolean);
}

function matchesWord(task: FilterableTask, word: string): boolean {
  if (foldedTitle(task).includes(word)) return true;
  const reference = String(task.reference);
  if (word === reference || word === `#${reference}`) return true;
  return task.project !== undefined && word === `${foldText(task.project.trigram)}-${reference}`;
}

function matchesAssignee(task: FilterableTask, wanted: AssigneeFilter, context: FilterContext): boolean {
  if (wanted === 'none') return task.assignee === null;
  const userId = wanted === 'me' ? context.meId : wanted;
  return userId !== null && task.assignee?.user_id === userId;
}

/** The viewer's calendar day of a moment, as YYYY-MM-DD. */
function localDay(moment: Date): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${String(moment.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

/** Monday and Sunday of the viewer's current week, as YYYY-MM-DD. */
function weekOf(now: Date): { first: string; last: string } {
  const sinceMonday = (now.getDay() + 6) % 7;
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday);
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { first: localDay(monday), last: localDay(sunday) };
}

function matchesDue(task: FilterableTask, wanted: DueFilter, context: FilterContext): boolean {
  const dueOn = task.due_on ?? null;
  const dueAt = task.due_at ?? null;
  if (wanted === 'none') return dueOn === null && dueAt === null;
  if (dueOn === null && dueAt === null) return false;
  // A date and time is read in the viewer's time zone, like everything else they see.
  const day = dueOn ?? localDay(new Date(dueAt!));
  if (wanted === 'week') {
    const week = weekOf(context.now);
    return day >= week.first && day <= week.last;
  }
  // Finished work is not late.
  if (context.finished ? context.finished(task) : task.status === 'DONE' || task.status === 'ARCHIVE')
    return false;
  if (dueAt !== null) return Date.parse(dueAt) < context.now.getTime();
  return day < localDay(context.now);
}

function matchesStart(task: FilterableTask, wanted: StartFilter, today: string): boolean {
  const start = task.start_date ?? null;
  if (wanted === 'none') return start === null;
  if (start === null) return false;
  return wanted === 'started' ? start <= today : start > today;
}

/**
 * A test for tasks, made once per change of the filters: what does not depend on the task (the text's
 * words, the week) is worked out here, not again for each of thousands of tasks.
 */
export function filterPredicate(
  filters: TaskFilters,
  context: FilterContext = { meId: null, now: new Date() },
): (task: FilterableTask) => boolean {
  const words = wordsOf(filters.text);
  const { statuses, assignees, priorities, labels, due, start, estimates, parents, cycle } = filters;
  const currentCycleId = context.currentCycleId ?? null;
  const today = localDay(context.now);
  return (task) => {
    if (statuses.length > 0 && !statuses.includes(task.status)) return false;
    if (assignees.length > 0 && !assignees.some((wanted) => matchesAssignee(task, wanted, context)))
      return false;
    if (priorities.length > 0 && !priorities.includes(task.priority ?? 'NONE')) return false;
    if (labels.length > 0 && !(task.labels ?? []).some((label) => labels.includes(label.label_id)))
      return false;
    if (due.length > 0 && !due.some((wanted) => matchesDue(task, wanted, context))) return false;
    if (start.length > 0 && !start.some((wanted) => matchesStart(task, wanted, today))) return false;
    if (estimates.length > 0 && !estimates.includes((task.estimate ?? 'none') as EstimateFilter))
      return false;
    if (parents.length > 0 && !parents.includes(task.parent_id ?? 'none')) return false;
    if (cycle.length > 0 && (currentCycleId === null || task.cycle_id !== currentCycleId)) return false;
    return words.every((word) => matchesWord(task, word));
  };
}

/** True when the task is one the filters let through. */
export function matchesFilters(task: FilterableTask, filters: TaskFilters, context?: FilterContext): boolean {
  return filterPredicate(filters, context)(task);
}

// The address: ?status=TODO,DOING&assignee=me,none&q=logo&priority=HIGH&label=<id>&due=overdue&start=started&estimate=5,8
// &parent=none,<id>&cycle=current
const PARAM = {
  statuses: 'status',
  assignees: 'assignee',
  text: 'q',
  priorities: 'priority',
  labels: 'label',
  due: 'due',
  start: 'start',
  estimates: 'estimate',
  parents: 'parent',
  cycle: 'cycle',
} as const;

/** The filter parameters' names: everything else in the address belongs to someone else. */
const FILTER_PARAMS: readonly string[] = Object.values(PARAM);

function listParam(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/**
 * The filters an address asks for. What cannot be a filter (an unknown status, an assignee that is
 * neither me, none nor a user id) is left out, so an edited or old link still opens a sensible view.
 */
export function filtersFromSearch(params: URLSearchParams): TaskFilters {
  return {
    // A project's own statuses too (IN_REVIEW): a key no status has simply matches no task.
    statuses: listParam(params, PARAM.statuses).filter((value): value is TaskStatus =>
      STATUS_KEY.test(value),
    ),
    assignees: listParam(params, PARAM.assignees)
      .map((value) => (value === 'me' || value === 'none' ? value : value.toLowerCase()))
      .filter((value) => value === 'me' || value === 'none' || UUID.test(value)),
    text: (params.get(PARAM.text) ?? '').slice(0, FILTER_TEXT_MAX),
    priorities: listParam(params, PARAM.priorities).filter((value): value is TaskPriority =>
      (TASK_PRIORITIES as readonly string[]).includes(value),
    ),
    labels: listParam(params, PARAM.labels)
      .map((value) => value.toLowerCase())
      .filter((value) => UUID.test(value)),
    due: listParam(params, PARAM.due).filter((value): value is DueFilter =>
      (DUE_FILTERS as readonly string[]).includes(value),
    ),
    start: listParam(params, PARAM.start).filter((value): value is StartFilter =>
      (START_FILTERS as readonly string[]).includes(value),
    ),
    estimates: listParam(params, PARAM.estimates)
      .map((value) => (value === 'none' ? value : value.toUpperCase()))
      .filter((value): value is EstimateFilter => (ESTIMATE_FILTERS as readonly string[]).includes(value)),
    parents: parentsFrom(listParam(params, PARAM.parents)),
    cycle: listParam(params, PARAM.cycle).filter((value): value is CycleFilter =>
      (CYCLE_FILTERS as readonly string[]).includes(value),
    ),
  };
}

/** "Has no parent" and at most one task whose sub-tasks are wanted (the popover offers one). */
function parentsFrom(values: string[]): ParentFilter[] {
  const none = values.includes('none');
  const task = values.map((value) => value.toLowerCase()).find((value) => UUID.test(value));
  return [...(none ? ['none'] : []), ...(task ? [task] : [])];
}

/**
 * The address with these filters, keeping its other parameters. Lists are written in a fixed order
 * (statuses in board order), so the same view always has the same address.
 */
export function searchWithFilters(current: URLSearchParams, filters: TaskFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) next.delete(name);
  const statuses = [...filters.statuses].sort((a, b) => statusOrder(a) - statusOrder(b) || (a < b ? -1 : 1));
  if (statuses.length > 0) next.set(PARAM.statuses, statuses.join(','));
  if (filters.assignees.length > 0) next.set(PARAM.assignees, filters.assignees.join(','));
  if (filters.text.trim()) next.set(PARAM.text, filters.text.slice(0, FILTER_TEXT_MAX));
  const priorities = TASK_PRIORITIES.filter((priority) => filters.priorities.includes(priority));
  if (priorities.length > 0) next.set(PARAM.priorities, priorities.join(','));
  if (filters.labels.length > 0) next.set(PARAM.labels, filters.labels.join(','));
  const due = DUE_FILTERS.filter((value) => filters.due.includes(value));
  if (due.length > 0) next.set(PARAM.due, due.join(','));
  const start = START_FILTERS.filter((value) => filters.start.includes(value));
  if (start.length > 0) next.set(PARAM.start, start.join(','));
  const estimates = ESTIMATE_FILTERS.filter((value) => filters.estimates.includes(value));
  if (estimates.length > 0) next.set(PARAM.estimates, estimates.join(','));
  const parents = parentsFrom(filters.parents);
  if (parents.length > 0) next.set(PARAM.parents, parents.join(','));
  if (filters.cycle.length > 0) next.set(PARAM.cycle, 'current');
  return next;
}

/** A key that changes exactly when the filters do (what the fade-out compares). */
export function filtersKey(filters: TaskFilters): string {
  return searchWithFilters(new URLSearchParams(), filters).toString();
}
