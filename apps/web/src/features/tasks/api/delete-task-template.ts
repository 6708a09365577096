import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** DELETE /api/task-templates/:templateId: the project's templates are read again. */
export function useDeleteTaskTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId }: { templateId: string; projectId: string }) =>
      api.delete<null>(`/api/task-templates/${encodeURIComponent(templateId)}`),
    onSuccess: (_answer, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.taskTemplates(projectId) }),
  });
}
