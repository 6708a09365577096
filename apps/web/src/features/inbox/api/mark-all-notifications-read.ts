import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/realtime/query-keys';
import { useWriteThenRead } from '../../../lib/write-then-read';

/** POST /api/notifications/read-all: "Mark all as read". */
export function useMarkAllNotificationsRead() {
  return useWriteThenRead(() => api.post<null>('/api/notifications/read-all'), notificationsQueryKey);
}
