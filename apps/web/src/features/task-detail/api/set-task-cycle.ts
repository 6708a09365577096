import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

interface SetTaskCycleVariables {
  taskId: string;
  projectId: string;
  cycleId: string | null;
}

function setTaskCycle({ taskId, cycleId }: SetTaskCycleVariables): Promise<void> {
  return api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/cycle`, { cycle_id: cycleId });
}

/** Plans the task in a cycle (or none): shown at once, put back if the server refuses. */
export function useSetTaskCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaskCycle,
    onMutate: async ({ taskId, cycleId }) => {
      const key = queryKeys.task(taskId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) => (task ? { ...task, cycle_id: cycleId } : task));
      return { before };
    },
    onError: (error, { taskId }, context) => {
      queryClient.setQueryData(queryKeys.task(taskId), context?.before);
      toastError(error.message);
    },
    onSettled: (_data, _error, { taskId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cycles(projectId) });
    },
  });
}
