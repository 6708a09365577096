import type { WatchersView } from '@figgle/shared/notification-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** PUT (watch) or DELETE (stop watching) /api/tasks/:taskId/watch; answers the watchers as they are now. */
export function useWatchTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) => {
      const path = `/api/tasks/${encodeURIComponent(taskId)}/watch`;
      return watching ? api.put<WatchersView>(path) : api.delete<WatchersView>(path);
    },
    onSuccess: (watchers) => queryClient.setQueryData(queryKeys.watchers(taskId), watchers),
  });
}
