import type { WatchersView } from '@figgle/shared/notification-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/tasks/:taskId/watchers: whether the person watches the task, and who does. */
export function useWatchers(taskId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.watchers(taskId),
      queryFn: ({ signal }) =>
        api.get<WatchersView>(`/api/tasks/${encodeURIComponent(taskId)}/watchers`, { signal }),
      staleTime: 0,
    }),
  );
}
