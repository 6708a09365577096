import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function retryDevResource({ taskId, nodeLinkId }: { taskId: string; nodeLinkId: string }) {
  return api.post<TaskDevResource>(
    `/api/tasks/${encodeURIComponent(taskId)}/figma-nodes/${encodeURIComponent(nodeLinkId)}/dev-resource/retry`,
  );
}

/** "Try again" on a link Figma refused: the link is pending at once; the task's event brings the outcome. */
export function useRetryDevResource(taskId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.taskDevResources(taskId);
  return useMutation({
    mutationFn: retryDevResource,
    onSuccess: (state) => {
      queryClient.setQueryData<TaskDevResource[]>(key, (states) =>
        states?.map((known) => (known.task_figma_node_id === state.task_figma_node_id ? state : known)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
