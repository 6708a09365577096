import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function deleteTask(taskId: string): Promise<unknown> {
  return api.delete(`/api/tasks/${encodeURIComponent(taskId)}`);
}

/** DELETE /api/tasks/:taskId (the task menu, on the page, the board, the list and the palette). */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId }: { taskId: string; projectId: string }) => deleteTask(taskId),
    onSuccess: (_answer, { taskId, projectId }) => {
      queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(projectId), (list) =>
        list?.filter((task) => task.task_id !== taskId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
