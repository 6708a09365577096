import { MESSAGES } from '@figgle/shared/constants';
import type {
  PersonView,
  TaskDetailView,
  TaskSummaryView,
  UpdateTaskInput,
} from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../ui/toast';
import { taskDetailKeys } from './query-keys';

export interface UpdateTaskVariables {
  changes: UpdateTaskInput;
  /** The chosen person, so the page shows their name at once. */
  assignee?: PersonView | null;
}

export function updateTask(taskId: string, changes: UpdateTaskInput): Promise<TaskSummaryView> {
  return api.patch<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}`, changes);
}

/**
 * Title, status and assignee from the task page. Status and assignee show at once and roll back with
 * the spec's toast on failure; every change adds a log line, so the timeline is read again.
 */
export function useUpdateTask(taskId: string, options: { optimistic: boolean; toastOnError: boolean }) {
  const queryClient = useQueryClient();
  const key = taskDetailKeys.task(taskId);
  return useMutation({
    mutationFn: ({ changes }: UpdateTaskVariables) => updateTask(taskId, changes),
    onMutate: async ({ changes, assignee }) => {
      if (!options.optimistic) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task
          ? {
              ...task,
              ...(changes.status ? { status: changes.status } : {}),
              ...(changes.assignee_id !== undefined ? { assignee: assignee ?? null } : {}),
            }
          : task,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (options.toastOnError) toastError(MESSAGES.saveFailed);
    },
    onSuccess: (summary) => {
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task && task.version <= summary.version ? { ...task, ...summary } : task,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taskDetailKeys.timeline(taskId) });
      void queryClient.invalidateQueries({ queryKey: taskDetailKeys.projectLists });
      void queryClient.invalidateQueries({ queryKey: taskDetailKeys.myTasks });
    },
  });
}
