import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

type TaskList = TaskSummaryView[];

/** Every cached list that may hold a task: the projects' lists and My tasks. */
function taskLists(queryClient: QueryClient): Array<[QueryKey, TaskList | undefined]> {
  return [
    ...queryClient.getQueriesData<TaskList>({ queryKey: queryKeys.allProjectTasks }),
    ...queryClient.getQueriesData<TaskList>({ queryKey: queryKeys.myTasks }),
  ];
}

export type TaskCacheSnapshot = Array<[QueryKey, TaskList | undefined]>;

/**
 * What every task list holds now, for a rollback. In-flight reads are cancelled first (a cancel
 * puts the data back synchronously to what it was when they started) so they cannot overwrite the
 * optimistic change that follows.
 */
export function takeTaskListsSnapshot(queryClient: QueryClient): TaskCacheSnapshot {
  for (const queryKey of [queryKeys.allProjectTasks, queryKeys.myTasks]) {
    void queryClient.cancelQueries({ queryKey });
  }
  return taskLists(queryClient);
}

export function restoreTaskLists(queryClient: QueryClient, snapshot: TaskCacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** When there is nothing to roll back to (a change sent after a reload): the server says what is true. */
export function refreshTaskLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
}

/** Applies a change to the task wherever it is cached (keeping extra fields such as My tasks' project). */
export function patchTask(
  queryClient: QueryClient,
  taskId: string,
  patch: (task: TaskSummaryView) => Partial<TaskSummaryView>,
): void {
  for (const [key, list] of taskLists(queryClient)) {
    if (!list?.some((task) => task.task_id === taskId)) continue;
    queryClient.setQueryData<TaskList>(key, (tasks) =>
      tasks?.map((task) => (task.task_id === taskId ? { ...task, ...patch(task) } : task)),
    );
  }
}

/**
 * patchTask for many tasks at once (a bulk change): each list is walked once, not once per task, so
 * a change to thousands of rows stays one pass per list.
 */
export function patchTasks(
  queryClient: QueryClient,
  patches: ReadonlyMap<string, (task: TaskSummaryView) => Partial<TaskSummaryView>>,
): void {
  for (const [key, list] of taskLists(queryClient)) {
    if (!list?.some((task) => patches.has(task.task_id))) continue;
    queryClient.setQueryData<TaskList>(key, (tasks) =>
      tasks?.map((task) => {
        const patch = patches.get(task.task_id);
        return patch ? { ...task, ...patch(task) } : task;
      }),
    );
  }
}

/** The server's answer wins unless a newer version already arrived (say, by a live update). */
export function storeTask(queryClient: QueryClient, task: TaskSummaryView): void {
  patchTask(queryClient, task.task_id, (cached) => (cached.version > task.version ? {} : task));
}
