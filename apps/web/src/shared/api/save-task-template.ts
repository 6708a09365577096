import type { SaveTaskTemplateInput, TaskTemplateView } from '@figgle/shared/task-template-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function saveTaskTemplate(taskId: string, input: SaveTaskTemplateInput): Promise<TaskTemplateView> {
  return api.post<TaskTemplateView>(`/api/tasks/${encodeURIComponent(taskId)}/template`, input);
}

/** POST /api/tasks/:taskId/template: the project's templates are read again. */
export function useSaveTaskTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; projectId: string; input: SaveTaskTemplateInput }) =>
      saveTaskTemplate(taskId, input),
    onSuccess: (_template, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.taskTemplates(projectId) }),
  });
}
