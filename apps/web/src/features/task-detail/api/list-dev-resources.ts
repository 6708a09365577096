import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listDevResources(taskId: string, signal?: AbortSignal): Promise<TaskDevResource[]> {
  return api.get<TaskDevResource[]>(`/api/tasks/${encodeURIComponent(taskId)}/figma-dev-resources`, {
    signal,
  });
}

const devResourcesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskDevResources(taskId),
    queryFn: ({ signal }) => listDevResources(taskId, signal),
  });

/** How the link back into Figma of each linked design stands; read again with every event of the task. */
export function useTaskDevResources(taskId: string) {
  return useQuery(devResourcesQueryOptions(taskId));
}
