import type {
  PersonView,
  TaskDetailView,
  TaskSummaryView,
  UpdateTaskInput,
} from '@figgle/shared/task-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { offlineMutationKeys } from '../../lib/offline/mutation-keys';
import { type StoredUndoContext, undoOfChange } from '../../lib/offline/undo-after-reload';
import { queryKeys } from './query-keys';
import { patchTask, storeTask, takeTaskListsSnapshot } from './task-cache';

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

/** Every change adds a log line and shows in the lists: those are read again. */
export function refreshAfterTaskChange(queryClient: QueryClient, taskId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
}

/** The fields a change shows, as every view draws them (setting one due field clears the other). */
function shownFields({ changes, assignee }: Omit<TaskChangeVariables, 'taskId'>): Partial<TaskSummaryView> {
  return {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.status ? { status: changes.status } : {}),
    ...(changes.assignee_id !== undefined
      ? {
          assignee:
            changes.assignee_id === null
              ? null
              : (assignee ?? { user_id: changes.assignee_id, firstname: '', lastname: '' }),
        }
      : {}),
    ...(changes.due_on !== undefined || changes.due_at !== undefined
      ? { due_on: changes.due_on ?? null, due_at: changes.due_at ?? null }
      : {}),
    ...(changes.start_date !== undefined ? { start_date: changes.start_date } : {}),
    ...(changes.priority ? { priority: changes.priority } : {}),
    ...(changes.estimate !== undefined ? { estimate: changes.estimate } : {}),
  };
}

/**
 * The one rule for showing a change before the server has it: the task page's copy and the task's
 * row in every list (each project's list and board, My tasks, the calendar) show it at once, so every
 * view reads the same state, online or waiting offline. Reads in flight are cancelled first so they
 * cannot paint the old value over it.
 */
function showTaskChange(queryClient: QueryClient, variables: TaskChangeVariables): void {
  const fields = shownFields(variables);
  void queryClient.cancelQueries({ queryKey: queryKeys.task(variables.taskId), exact: true });
  takeTaskListsSnapshot(queryClient);
  queryClient.setQueryData<TaskDetailView>(queryKeys.task(variables.taskId), (task) =>
    task ? { ...task, ...fields } : task,
  );
  patchTask(queryClient, variables.taskId, () => fields);
}

/**
 * The task update, the same from the list, the board, the calendar, the task page and after a reload
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

/** Changes a task's title, status, assignee, due date or priority, from any view. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation(updateTaskOptions(queryClient));
}
