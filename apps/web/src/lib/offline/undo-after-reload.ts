import type { PersonView, TaskSummaryView, UpdateTaskInput } from '@figgle/shared/task-schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { fieldsShownBy } from '../../shared/api/task-change-fields';
import { offlineMutationKeys } from './mutation-keys';

/** The fields of a task a change that may wait offline shows before the server answers. */
type UndoableField =
  | 'title'
  | 'status'
  | 'rank'
  | 'assignee'
  | 'due_on'
  | 'due_at'
  | 'start_date'
  | 'priority'
  | 'estimate'
  | 'labels';
type TaskFields = Partial<Pick<TaskSummaryView, UndoableField>>;

/**
 * What a waiting change needs to be undone on a page that did not make it (after a reload the hook's
 * rollback copy is gone): the task, what the change shows, and what was shown before it.
 */
export interface TaskUndo {
  taskId: string;
  /** The values the change shows (rank is left out: a move's new rank is computed by the board). */
  shown: TaskFields;
  before: TaskFields;
}

/** How a waiting change's undo is kept in its stored context, so the reloaded page finds it. */
export interface StoredUndoContext {
  undoAfterReload: TaskUndo;
}

type TaskList = TaskSummaryView[];
type TaskInCache = Partial<TaskSummaryView> & { task_id: string };

interface ChangeVariables {
  taskId?: unknown;
  changes?: UpdateTaskInput;
  assignee?: PersonView | null;
  /** A label change's labels, as shown. */
  labels?: TaskSummaryView['labels'];
  status?: TaskSummaryView['status'];
  snapshot?: Array<[QueryKey, TaskList | undefined]>;
}

const listRoots = new Set(['tasks', 'my-tasks']);
/** The parts of a mutation read here (whatever its data and error types). */
interface ChangeMutation {
  options: { mutationKey?: readonly unknown[] };
  state: { context: unknown };
}

const undone = new WeakMap<ChangeMutation, TaskUndo>();

function sameKey(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  return !!a && a.length === b.length && a.every((part, index) => part === b[index]);
}

/** What the change will show, by the kind of change; null for a change with nothing to undo (a comment). */
function shownBy(mutationKey: readonly unknown[] | undefined, variables: ChangeVariables): TaskFields | null {
  if (sameKey(mutationKey, offlineMutationKeys.kanbanUpdate) && variables.status)
    return { status: variables.status };
  if (sameKey(mutationKey, offlineMutationKeys.setTaskLabels) && variables.labels)
    return { labels: variables.labels };
  if (!sameKey(mutationKey, offlineMutationKeys.updateTask) || !variables.changes) return null;
  // The task update's own rule (shared/api/task-change-fields.ts): undone is what it showed.
  const shown: TaskFields = fieldsShownBy(variables.changes, variables.assignee);
  return Object.keys(shown).length > 0 ? shown : null;
}

/** Every cached copy of the task: its page's and its row in each list. */
function copiesOf(queryClient: QueryClient, taskId: string): TaskInCache[] {
  const copies: TaskInCache[] = [];
  const detail = queryClient.getQueryData<TaskInCache>(['task', taskId]);
  if (detail) copies.push(detail);
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root] = query.queryKey;
    if (typeof root !== 'string' || !listRoots.has(root) || !Array.isArray(query.state.data)) continue;
    const row = (query.state.data as TaskList).find((task) => task.task_id === taskId);
    if (row) copies.push(row);
  }
  return copies;
}

function pick(copies: TaskInCache[], fields: UndoableField[]): TaskFields {
  const before: Record<string, unknown> = {};
  for (const field of fields) {
    const copy = copies.find((task) => task[field] !== undefined);
    if (copy) before[field] = copy[field];
  }
  return before as TaskFields;
}

/**
 * What undoes a change that may wait offline, noted as it starts and before any view shows it: what
 * the task looked like. A board move has already shown the drop by then: its own copy of the lists
 * says what was there.
 */
export function undoOfChange(
  queryClient: QueryClient,
  mutationKey: readonly unknown[] | undefined,
  variables: unknown,
): TaskUndo | undefined {
  if (!variables || typeof variables !== 'object') return undefined;
  const change = variables as ChangeVariables;
  if (typeof change.taskId !== 'string') return undefined;
  const shown = shownBy(mutationKey, change);
  if (!shown) return undefined;
  const taskId = change.taskId;
  const fields = Object.keys(shown) as UndoableField[];
  if (shown.status !== undefined) fields.push('rank');
  const fromSnapshot = (change.snapshot ?? []).flatMap(([, list]) =>
    (list ?? []).filter((task) => task.task_id === taskId),
  );
  const copies = [...fromSnapshot, ...copiesOf(queryClient, taskId)];
  const before = pick(copies, fields);
  return Object.keys(before).length > 0 ? { taskId, shown, before } : undefined;
}

/** Notes a starting change's undo (the mutation cache calls this before the change's own onMutate). */
export function rememberUndo(queryClient: QueryClient, mutation: ChangeMutation, variables: unknown): void {
  const undo = undoOfChange(queryClient, mutation.options.mutationKey, variables);
  if (undo) undone.set(mutation, undo);
}

function isStoredUndoContext(context: unknown): context is StoredUndoContext {
  return !!context && typeof context === 'object' && 'undoAfterReload' in context;
}

/** The undo to store with a waiting change: noted when it started, or brought back from the device. */
export function undoOf(mutation: ChangeMutation): TaskUndo | undefined {
  const context = mutation.state.context;
  return undone.get(mutation) ?? (isStoredUndoContext(context) ? context.undoAfterReload : undefined);
}

function showsTheChange(task: TaskInCache, shown: TaskFields): boolean {
  return (Object.keys(shown) as UndoableField[]).every((field) => {
    if (field === 'assignee') return (task.assignee?.user_id ?? null) === (shown.assignee?.user_id ?? null);
    if (field === 'labels') return labelIds(task.labels) === labelIds(shown.labels);
    // The server may write an instant differently ('…:00Z' for '…:00.000Z'): compared as instants.
    if (field === 'due_at') return instant(task.due_at) === instant(shown.due_at);
    return task[field] === shown[field];
  });
}

const labelIds = (labels: TaskSummaryView['labels'] | undefined) =>
  (labels ?? [])
    .map((label) => label.label_id)
    .sort()
    .join();
const instant = (value: string | null | undefined) => (value ? Date.parse(value) : null);

function undoIn(task: TaskInCache, { shown, before }: TaskUndo): TaskInCache {
  // A copy that shows something else by now (a live update, a later change) is left as it is.
  if (!showsTheChange(task, shown)) return task;
  const fields = (Object.keys(before) as UndoableField[]).filter((field) => task[field] !== undefined);
  return fields.length === 0 ? task : { ...task, ...Object.fromEntries(fields.map((f) => [f, before[f]])) };
}

/**
 * A change sent after a reload that the server refused: every cached copy of the task shows again what
 * it showed before the change, at once (the server may be unreachable again, or refuse the re-read).
 * Changes sent from the page that made them roll back in their own hooks.
 */
export function undoRefusedChange(queryClient: QueryClient, context: unknown): void {
  if (!isStoredUndoContext(context)) return;
  const undo = context.undoAfterReload;
  queryClient.setQueryData<TaskInCache>(['task', undo.taskId], (task) => (task ? undoIn(task, undo) : task));
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root] = query.queryKey;
    if (typeof root !== 'string' || !listRoots.has(root) || !Array.isArray(query.state.data)) continue;
    const list = query.state.data as TaskList;
    if (!list.some((task) => task.task_id === undo.taskId)) continue;
    queryClient.setQueryData<TaskList>(query.queryKey, (tasks) =>
      tasks?.map((task) => (task.task_id === undo.taskId ? (undoIn(task, undo) as TaskSummaryView) : task)),
    );
  }
}

/**
 * A read that answered while changes still wait (a list read again on reconnect before the queue is
 * through, a live update of another field): what the waiting changes show is put back over it, so
 * every view keeps showing the same pending state until the server has each change.
 */
export function showWaitingChanges(
  queryClient: QueryClient,
  waiting: ChangeMutation[],
  queryKey: QueryKey,
): void {
  const [root, taskIdOfPage, more] = queryKey;
  const isTaskPage = root === 'task' && typeof taskIdOfPage === 'string' && more === undefined;
  const isList = typeof root === 'string' && listRoots.has(root);
  if (!isTaskPage && !isList) return;
  const undos = waiting.map(undoOf).filter((undo): undo is TaskUndo => !!undo);
  if (undos.length === 0) return;
  const over = (task: TaskInCache): TaskInCache => {
    let shownTask = task;
    for (const undo of undos) {
      if (undo.taskId !== shownTask.task_id || showsTheChange(shownTask, undo.shown)) continue;
      const fields = (Object.keys(undo.shown) as UndoableField[]).filter((f) => f !== 'rank');
      shownTask = { ...shownTask, ...Object.fromEntries(fields.map((f) => [f, undo.shown[f]])) };
    }
    return shownTask;
  };
  if (isTaskPage) {
    if (!undos.some((undo) => undo.taskId === taskIdOfPage)) return;
    queryClient.setQueryData<TaskInCache>(queryKey, (task) => (task ? over(task) : task));
    return;
  }
  const list = queryClient.getQueryData<TaskList>(queryKey);
  if (!Array.isArray(list) || !list.some((task) => undos.some((undo) => undo.taskId === task.task_id)))
    return;
  const next = list.map((task) => over(task) as TaskSummaryView);
  if (next.some((task, index) => task !== list[index])) queryClient.setQueryData(queryKey, next);
}
