import type { TimelineView } from '@figgle/shared/timeline-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchUnlessPrefetched } from '../../../lib/prefetched-reads';
import { queryKeys } from '../../../shared/api/query-keys';

function listTimeline(taskId: string, signal?: AbortSignal): Promise<TimelineView> {
  return api.get<TimelineView>(`/api/tasks/${encodeURIComponent(taskId)}/timeline`, { signal });
}

export const timelineQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.timeline(taskId),
    queryFn: ({ signal }) => listTimeline(taskId, signal),
    // A copy restored from the offline cache may predate the last save: opening the page always reads again.
    staleTime: 0,
    // ...except on the mount right after the route's own prefetch read it (apps/web/src/app/router.tsx).
    refetchOnMount: refetchUnlessPrefetched,
  });

export function useTimeline(taskId: string) {
  return useQuery(timelineQueryOptions(taskId));
}
