import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { CreateTaskFromTemplateInput } from '@figgle/shared/task-template-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showCreatedTask } from './created-task';

interface Variables {
  projectId: string;
  input: CreateTaskFromTemplateInput;
}

function createTaskFromTemplate({ projectId, input }: Variables): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(
    `/api/projects/${encodeURIComponent(projectId)}/tasks/from-template`,
    input,
  );
}

/** POST /api/projects/:projectId/tasks/from-template: the task and its sub-tasks join the list. */
export function useCreateTaskFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaskFromTemplate,
    onSuccess: (task, { projectId }) => showCreatedTask(queryClient, projectId, task),
  });
}
