import { MESSAGES } from '@figgle/shared/constants';
import type {
  PersonView,
  TaskDetailView,
  TaskSummaryView,
  UpdateTaskInput,
} from '@figgle/shared/task-schemas';
import {
  type MutateOptions,
  onlineManager,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

export interface UpdateTaskVariables {
  changes: UpdateTaskInput;
  /** The chosen person, so the page shows their name at once. */
  assignee?: PersonView | null;
}

/** What is stored with a change made offline: the task it is for travels with it. */
export interface TaskChangeVariables extends UpdateTaskVariables {
  taskId: string;
}

export function updateTask(taskId: string, changes: UpdateTaskInput): Promise<TaskSummaryView> {
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

/** The due date and priority a change sets, as the task will show them (setting one due field clears the other). */
function planningPatch(changes: UpdateTaskInput): Partial<TaskSummaryView> {
  return {
    ...(changes.due_on !== undefined || changes.due_at !== undefined
      ? { due_on: changes.due_on ?? null, due_at: changes.due_at ?? null }
      : {}),
    ...(changes.priority ? { priority: changes.priority } : {}),
  };
}

type UpdateTaskMutateOptions = MutateOptions<
  TaskSummaryView,
  Error,
  TaskChangeVariables,
  { previous: TaskDetailView | undefined }
>;

/**
 * Title, status, assignee, due date and priority from the task page. All but the title show at once
 * and roll back with the failure toast; every change adds a log line, so the timeline is read again. Offline,
 * a new title shows at once too: it waits with the others and a reload keeps showing it.
 */
export function useUpdateTask(taskId: string, options: { optimistic: boolean; toastOnError: boolean }) {
  const queryClient = useQueryClient();
  const key = queryKeys.task(taskId);
  const mutation = useMutation({
    mutationKey: offlineMutationKeys.updateTask,
    mutationFn: ({ taskId: id, changes }: TaskChangeVariables) => updateTask(id, changes),
    onMutate: async ({ changes, assignee }) => {
      const showTitle = changes.title !== undefined && !onlineManager.isOnline();
      if (!options.optimistic && !showTitle) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task
          ? {
              ...task,
              ...(showTitle && changes.title ? { title: changes.title } : {}),
              ...(options.optimistic && changes.status ? { status: changes.status } : {}),
              ...(options.optimistic && changes.assignee_id !== undefined
                ? { assignee: assignee ?? null }
                : {}),
              ...(options.optimistic ? planningPatch(changes) : {}),
            }
          : task,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (options.toastOnError) toastError(MESSAGES.saveFailed);
    },
    onSuccess: (summary) => storeTaskSummary(queryClient, summary),
    onSettled: () => refreshAfterTaskChange(queryClient, taskId),
  });
  const { mutate: mutateChange, mutateAsync: mutateChangeAsync } = mutation;
  const mutate = useCallback(
    (variables: UpdateTaskVariables, callbacks?: UpdateTaskMutateOptions) =>
      mutateChange({ ...variables, taskId }, callbacks),
    [mutateChange, taskId],
  );
  const mutateAsync = useCallback(
    (variables: UpdateTaskVariables, callbacks?: UpdateTaskMutateOptions) =>
      mutateChangeAsync({ ...variables, taskId }, callbacks),
    [mutateChangeAsync, taskId],
  );
  return { ...mutation, mutate, mutateAsync };
}
