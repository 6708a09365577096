import type { RelationSide } from '@figgle/shared/subtask-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshRelated } from './refresh-related';

interface AddRelationVariables {
  taskId: string;
  side: RelationSide;
  otherId: string;
}

/** POST /api/tasks/:taskId/relations: this task `side` the other ("is blocked by" WEB-9). */
export function useAddRelation() {
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: ({ taskId, side, otherId }: AddRelationVariables) =>
      api.post<{ relation_id: string }>(`/api/tasks/${encodeURIComponent(taskId)}/relations`, {
        side,
        task_id: otherId,
      }),
    onSettled: (_answer, _error, { taskId, otherId }) => refresh(taskId, otherId),
  });
}
