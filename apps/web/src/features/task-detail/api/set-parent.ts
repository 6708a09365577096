import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshRelated } from './refresh-related';

/** PUT /api/tasks/:taskId/parent: an existing task goes under `parentId` (or to the top with null). */
export function useSetParent() {
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: ({ taskId, parentId }: { taskId: string; parentId: string | null }) =>
      api.put<unknown>(`/api/tasks/${encodeURIComponent(taskId)}/parent`, { parent_id: parentId }),
    onSettled: (_answer, _error, { taskId, parentId }) => refresh(taskId, parentId ?? undefined),
  });
}
