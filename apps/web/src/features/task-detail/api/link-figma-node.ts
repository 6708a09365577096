import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function linkFigmaNode({ taskId, url }: { taskId: string; url: string }): Promise<TaskFigmaNode> {
  return api.post<TaskFigmaNode>(`/api/tasks/${encodeURIComponent(taskId)}/figma-nodes`, { url });
}

/** Links the design of a pasted Figma address; the list takes it from the answer. */
export function useLinkFigmaNode(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkFigmaNode,
    onSuccess: (link) => {
      queryClient.setQueryData<TaskFigmaNode[]>(queryKeys.taskFigmaNodes(taskId), (links) =>
        links && !links.some((known) => known.task_figma_node_id === link.task_figma_node_id)
          ? [...links, link]
          : links,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.taskFigmaNodes(taskId) }),
  });
}
