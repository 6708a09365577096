import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshRelated } from './refresh-related';

/** DELETE /api/tasks/:taskId/relations/:relationId, from both ends. */
export function useRemoveRelation() {
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: ({ taskId, relationId }: { taskId: string; relationId: string; otherId: string }) =>
      api.delete<void>(
        `/api/tasks/${encodeURIComponent(taskId)}/relations/${encodeURIComponent(relationId)}`,
      ),
    onSettled: (_answer, _error, { taskId, otherId }) => refresh(taskId, otherId),
  });
}
