import { MESSAGES } from '@figgle/shared/constants';
import type { PersonView, TaskSummaryView, UpdateTaskInput } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';
import { patchTask, restoreTaskLists, storeTask, takeTaskListsSnapshot } from './task-cache';

interface UpdateTaskVariables {
  taskId: string;
  changes: UpdateTaskInput;
  /** The chosen person, so the optimistic row can show their name at once. */
  assignee?: PersonView | null;
}

function updateTask({ taskId, changes }: UpdateTaskVariables): Promise<TaskSummaryView> {
  return api.patch<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}`, changes);
}

/** Inline status, assignee and priority changes: shown at once, put back with a failure toast (product.md). */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: offlineMutationKeys.updateTask,
    mutationFn: updateTask,
    onMutate: ({ taskId, changes, assignee }) => {
      const snapshot = takeTaskListsSnapshot(queryClient);
      patchTask(queryClient, taskId, () => ({
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.title ? { title: changes.title } : {}),
        ...(changes.assignee_id !== undefined ? { assignee: assignee ?? null } : {}),
        ...(changes.due_on !== undefined || changes.due_at !== undefined
          ? { due_on: changes.due_on ?? null, due_at: changes.due_at ?? null }
          : {}),
        ...(changes.priority ? { priority: changes.priority } : {}),
      }));
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      restoreTaskLists(queryClient, context?.snapshot);
      toastError(MESSAGES.saveFailed);
    },
    onSuccess: (task) => storeTask(queryClient, task),
    onSettled: (_task, _error, { changes }) => {
      // Giving a task to someone (or taking it back) changes whose My tasks it belongs to.
      if (changes.assignee_id !== undefined)
        void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
