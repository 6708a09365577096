import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

interface MoveVariables {
  taskId: string;
  fromProjectId: string;
  projectId: string;
}

function moveTaskToProject({ taskId, projectId }: MoveVariables): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}/move`, {
    project_id: projectId,
  });
}

/** POST /api/tasks/:taskId/move: both projects' lists and the task page read again. */
export function useMoveTaskToProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTaskToProject,
    onSuccess: (_task, { taskId, fromProjectId, projectId }) => {
      queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(fromProjectId), (list) =>
        list?.filter((task) => task.task_id !== taskId),
      );
      for (const key of [
        queryKeys.projectTasks(fromProjectId),
        queryKeys.projectTasks(projectId),
        queryKeys.task(taskId),
        queryKeys.timeline(taskId),
        queryKeys.myTasks,
        queryKeys.projects,
      ])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
