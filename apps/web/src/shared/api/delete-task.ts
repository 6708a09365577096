import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

/** What becomes of a deleted task's sub-tasks: top-level tasks (keep) or deleted with it. */
type SubtasksOnDelete = 'keep' | 'delete';

function deleteTask(taskId: string, subtasks: SubtasksOnDelete): Promise<unknown> {
  return api.delete(`/api/tasks/${encodeURIComponent(taskId)}`, { query: { subtasks } });
}

/** DELETE /api/tasks/:taskId (the task menu, on the page, the board, the list and the palette). */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      taskId,
      subtasks = 'keep',
    }: {
      taskId: string;
      projectId: string;
      subtasks?: SubtasksOnDelete;
    }) => deleteTask(taskId, subtasks),
    onSuccess: (_answer, { taskId, projectId }) => {
      queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(projectId), (list) =>
        list?.filter((task) => task.task_id !== taskId),
      );
      // Its sub-tasks, kept or deleted, may be of other projects.
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
