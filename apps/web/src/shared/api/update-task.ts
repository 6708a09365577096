import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type {
  PersonView,
  TaskDetailView,
  TaskSummaryView,
  UpdateTaskInput,
} from '@figgle/shared/task-schemas';
import type { ProjectTimeline } from '@figgle/shared/timeline-view-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { offlineMutationKeys } from '../../lib/offline/mutation-keys';
import { type StoredUndoContext, undoOfChange } from '../../lib/offline/undo-after-reload';
import { queryKeys } from './query-keys';
import { patchTask, storeTask, takeTaskListsSnapshot } from './task-cache';
import { fieldsShownBy, rowWithFields, type ShownTaskFields } from './task-change-fields';

/** One change of a task's title, status, assignee, due date, start date, priority or estimate (PATCH /api/tasks/:id). */
export interface TaskChangeVariables {
  taskId: string;
  changes: UpdateTaskInput;
  /** The chosen person, so every view shows their name at once (kept with a change made offline). */
  assignee?: PersonView | null;
}

function updateTask(taskId: string, changes: UpdateTaskInput): Promise<TaskSummaryView> {
  return api.patch<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}`, changes);
}

/** The server's answer joins the task page's copy unless a newer version already arrived. */
export function storeTaskSummary(queryClient: QueryClient, summary: TaskSummaryView): void {
  queryClient.setQueryData<TaskDetailView>(queryKeys.task(summary.task_id), (task) =>
    task && task.version <= summary.version ? { ...task, ...summary } : task,
  );
}

/** A task page's structure (its parent, sub-tasks and relations), whichever task's. */
const isStructure = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[0] === 'task' && queryKey[2] === 'structure' && queryKey.length === 3;
/** A project's Timeline view, whichever project's. */
const isTimeline = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[0] === 'project' && queryKey[2] === 'timeline-view';

const holds = (structure: TaskStructureView, taskId: string) =>
  structure.parent?.task_id === taskId ||
  structure.subtasks.some((row) => row.task_id === taskId) ||
  structure.relations.some((relation) => relation.task.task_id === taskId);

function structureWith(structure: TaskStructureView, taskId: string, fields: ShownTaskFields) {
  const shown = <Row extends { task_id: string }>(row: Row) =>
    row.task_id === taskId ? rowWithFields(row, fields) : row;
  return {
    ...structure,
    parent: structure.parent && shown(structure.parent),
    subtasks: structure.subtasks.map(shown),
    relations: structure.relations.map((relation) => ({ ...relation, task: shown(relation.task) })),
  };
}

/**
 * The one rule for showing a change before the server has it (fieldsShownBy), put on every cached
 * view of the task: its page, its row in every list (each project's list, board and calendar, My
 * tasks), its row among a parent's sub-tasks or a task's relations, and its bar on its project's
 * Timeline. Every view reads the same state, online or waiting offline. Reads in flight are
 * cancelled first so they cannot paint the old value over it.
 */
function showTaskChange(queryClient: QueryClient, { taskId, changes, assignee }: TaskChangeVariables): void {
  const fields = fieldsShownBy(changes, assignee);
  void queryClient.cancelQueries({ queryKey: queryKeys.task(taskId), exact: true });
  takeTaskListsSnapshot(queryClient);
  queryClient.setQueryData<TaskDetailView>(queryKeys.task(taskId), (task) =>
    task ? { ...task, ...fields } : task,
  );
  patchTask(queryClient, taskId, () => fields);
  for (const [key, structure] of queryClient.getQueriesData<TaskStructureView>({ predicate: isStructure })) {
    if (!structure || !holds(structure, taskId)) continue;
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    queryClient.setQueryData(key, structureWith(structure, taskId, fields));
  }
  for (const [key, timeline] of queryClient.getQueriesData<ProjectTimeline>({ predicate: isTimeline })) {
    if (!timeline?.tasks.some((task) => task.task_id === taskId)) continue;
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    queryClient.setQueryData(key, {
      ...timeline,
      tasks: timeline.tasks.map((task) => (task.task_id === taskId ? rowWithFields(task, fields) : task)),
    });
  }
}

/**
 * Every change adds a log line and shows in the lists, a parent's progress and the Timeline: those
 * are read again, which also puts back the server's truth where a refused change showed (the
 * task page and the lists are put back at once, lib/offline/undo-after-reload.ts).
 */
export function refreshAfterTaskChange(queryClient: QueryClient, taskId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      isStructure(query) && !!query.state.data && holds(query.state.data as TaskStructureView, taskId),
  });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      isTimeline(query) &&
      !!(query.state.data as ProjectTimeline | undefined)?.tasks.some((task) => task.task_id === taskId),
  });
}

/**
 * The task update, the same from the list, the board, the calendar, the task page (its sub-task
 * rows too), the Timeline's bars and after a reload
 * (app/offline-mutations.ts registers it for changes that come back from the device). It shows at
 * once everywhere; what undoes it is noted first, so a refusal puts back every copy that still shows
 * it (lib/query-client.ts), whether or not the page was reloaded in between, and says which change of
 * which task was lost, with Retry (lib/offline/refused-change.tsx). Offline it waits in the ordered
 * queue (lib/offline/offline-queue.ts).
 */
export function updateTaskOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.updateTask,
    mutationFn: ({ taskId, changes }: TaskChangeVariables) => updateTask(taskId, changes),
    onMutate: (variables: TaskChangeVariables): StoredUndoContext | undefined => {
      const undo = undoOfChange(queryClient, offlineMutationKeys.updateTask, variables);
      showTaskChange(queryClient, variables);
      return undo ? { undoAfterReload: undo } : undefined;
    },
    onSuccess: (task: TaskSummaryView) => {
      storeTask(queryClient, task);
      storeTaskSummary(queryClient, task);
    },
    onSettled: (_task: unknown, _error: unknown, { taskId }: TaskChangeVariables) =>
      refreshAfterTaskChange(queryClient, taskId),
  };
}

/** Changes a task's title, status, assignee, due date, start date, priority or estimate, from any view. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation(updateTaskOptions(queryClient));
}
