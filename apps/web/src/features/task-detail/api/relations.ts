import type { RelationSide } from '@figgle/shared/subtask-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface AddRelationVariables {
  taskId: string;
  side: RelationSide;
  otherId: string;
}

/** Both tasks' pages and every list read again: each end's structure, log and Blocked mark changed. */
function useRefreshBoth() {
  const queryClient = useQueryClient();
  return (taskId: string, otherId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) }),
      otherId ? queryClient.invalidateQueries({ queryKey: queryKeys.task(otherId) }) : null,
      queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks }),
    ]);
}

/** POST /api/tasks/:taskId/relations: this task `side` the other ("is blocked by" WEB-9). */
export function useAddRelation() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: ({ taskId, side, otherId }: AddRelationVariables) =>
      api.post<{ relation_id: string }>(`/api/tasks/${encodeURIComponent(taskId)}/relations`, {
        side,
        task_id: otherId,
      }),
    onSettled: (_answer, _error, { taskId, otherId }) => refresh(taskId, otherId),
  });
}

/** DELETE /api/tasks/:taskId/relations/:relationId, from both ends. */
export function useRemoveRelation() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: ({ taskId, relationId }: { taskId: string; relationId: string; otherId: string }) =>
      api.delete<void>(
        `/api/tasks/${encodeURIComponent(taskId)}/relations/${encodeURIComponent(relationId)}`,
      ),
    onSettled: (_answer, _error, { taskId, otherId }) => refresh(taskId, otherId),
  });
}

/** PUT /api/tasks/:taskId/parent: an existing task goes under `parentId` (or to the top with null). */
export function useSetParent() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: ({ taskId, parentId }: { taskId: string; parentId: string | null }) =>
      api.put<unknown>(`/api/tasks/${encodeURIComponent(taskId)}/parent`, { parent_id: parentId }),
    onSettled: (_answer, _error, { taskId, parentId }) => refresh(taskId, parentId ?? undefined),
  });
}
