import type { CreateTaskInput, TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface CreateTaskVariables {
  projectId: string;
  input: CreateTaskInput;
}

function createTask({ projectId, input }: CreateTaskVariables): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(`/api/projects/${encodeURIComponent(projectId)}/tasks`, input);
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task, { projectId }) => {
      queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(projectId), (tasks) =>
        tasks && !tasks.some((t) => t.task_id === task.task_id) ? [...tasks, task] : tasks,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      if (task.assignee) void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
      // The settings count the tasks that carry each label.
      if (task.labels.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.allLabels });
    },
  });
}
