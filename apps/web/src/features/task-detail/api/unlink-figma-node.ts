import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function unlinkFigmaNode({ taskId, nodeLinkId }: { taskId: string; nodeLinkId: string }): Promise<void> {
  return api.delete<void>(
    `/api/tasks/${encodeURIComponent(taskId)}/figma-nodes/${encodeURIComponent(nodeLinkId)}`,
  );
}

/** Removes one linked design; it leaves the list at once and comes back if the server refuses. */
export function useUnlinkFigmaNode(taskId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.taskFigmaNodes(taskId);
  return useMutation({
    mutationFn: unlinkFigmaNode,
    onMutate: async ({ nodeLinkId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TaskFigmaNode[]>(key);
      queryClient.setQueryData<TaskFigmaNode[]>(key, (links) =>
        links?.filter((link) => link.task_figma_node_id !== nodeLinkId),
      );
      return { before };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
