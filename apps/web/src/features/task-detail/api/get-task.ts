import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchUnlessPrefetched } from '../../../lib/prefetched-reads';
import { queryKeys } from '../../../shared/api/query-keys';

function getTask(taskId: string, signal?: AbortSignal): Promise<TaskDetailView> {
  return api.get<TaskDetailView>(`/api/tasks/${encodeURIComponent(taskId)}`, { signal });
}

export const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.task(taskId),
    queryFn: ({ signal }) => getTask(taskId, signal),
    // A copy restored from the offline cache may predate the last save: opening the page always reads again.
    staleTime: 0,
    // ...except on the mount right after the route's own prefetch read it (apps/web/src/app/router.tsx).
    refetchOnMount: refetchUnlessPrefetched,
  });

export function useTask(taskId: string) {
  return useQuery(taskQueryOptions(taskId));
}

/**
 * The task as the page holds it, for a part of the page that reads a field of it (its assignee): it
 * follows the page's copy without reading the task again when it mounts, so a part drawn later
 * never brings in a change before the page's own staleness check or live update would.
 */
export function useCachedTask(taskId: string) {
  return useQuery({ ...taskQueryOptions(taskId), refetchOnMount: false, refetchOnWindowFocus: false });
}
