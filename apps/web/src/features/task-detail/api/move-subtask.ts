import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

interface MoveSubtaskVariables {
  parentId: string;
  taskId: string;
  /** Its new place, counted without it. */
  index: number;
}

/**
 * PUT /api/tasks/:taskId/subtask-position: the sub-task moves at once on the parent's page, and back
 * where it was when the server refuses.
 */
export function useMoveSubtask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, index }: MoveSubtaskVariables) =>
      api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/subtask-position`, { index }),
    onMutate: async ({ parentId, taskId, index }) => {
      const key = queryKeys.taskStructure(parentId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<TaskStructureView>(key);
      if (before) {
        const moved = before.subtasks.find((subtask) => subtask.task_id === taskId);
        const others = before.subtasks.filter((subtask) => subtask.task_id !== taskId);
        if (moved) others.splice(Math.min(index, others.length), 0, moved);
        queryClient.setQueryData<TaskStructureView>(key, { ...before, subtasks: others });
      }
      return { before };
    },
    onError: (error, { parentId }, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.taskStructure(parentId), context.before);
      toastError(error.message);
    },
    onSettled: (_answer, _error, { parentId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(parentId), exact: true }),
  });
}
