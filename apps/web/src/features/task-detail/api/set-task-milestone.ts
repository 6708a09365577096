import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

interface SetTaskMilestoneVariables {
  taskId: string;
  projectId: string;
  milestoneId: string | null;
}

function setTaskMilestone({ taskId, milestoneId }: SetTaskMilestoneVariables): Promise<void> {
  return api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/milestone`, { milestone_id: milestoneId });
}

/** Puts the task in a milestone (or none): shown at once, put back if the server refuses. */
export function useSetTaskMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaskMilestone,
    onMutate: async ({ taskId, milestoneId }) => {
      const key = queryKeys.task(taskId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task ? { ...task, milestone_id: milestoneId } : task,
      );
      return { before };
    },
    onError: (error, { taskId }, context) => {
      queryClient.setQueryData(queryKeys.task(taskId), context?.before);
      toastError(error.message);
    },
    onSettled: (_data, _error, { taskId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.milestones(projectId) });
    },
  });
}
