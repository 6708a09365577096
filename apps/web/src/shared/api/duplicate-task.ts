import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function duplicateTask(taskId: string): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}/duplicate`);
}

/** POST /api/tasks/:taskId/duplicate: the copy joins its project's list. */
export function useDuplicateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId }: { taskId: string; projectId: string }) => duplicateTask(taskId),
    onSuccess: (copy, { projectId }) => {
      queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(projectId), (list) =>
        list && !list.some((task) => task.task_id === copy.task_id) ? [...list, copy] : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
