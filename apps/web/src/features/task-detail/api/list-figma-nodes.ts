import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listFigmaNodes(taskId: string, signal?: AbortSignal): Promise<TaskFigmaNode[]> {
  return api.get<TaskFigmaNode[]>(`/api/tasks/${encodeURIComponent(taskId)}/figma-nodes`, { signal });
}

const figmaNodesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskFigmaNodes(taskId),
    queryFn: ({ signal }) => listFigmaNodes(taskId, signal),
  });

/** The Figma designs a task links, read again with every event of the task. */
export function useTaskFigmaNodes(taskId: string) {
  return useQuery(figmaNodesQueryOptions(taskId));
}
