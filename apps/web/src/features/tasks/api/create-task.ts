import type { CreateTaskInput, TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showCreatedTask } from './created-task';

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
    onSuccess: (task, { projectId }) => showCreatedTask(queryClient, projectId, task),
  });
}
