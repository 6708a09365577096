import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/realtime/query-keys';
import { useWriteThenRead } from '../../../lib/write-then-read';

/** POST /api/notifications/:id/read: opening an entry marks it read (the count follows). */
export function useMarkNotificationRead() {
  return useWriteThenRead(
    (notificationId: string) => api.post<null>(`/api/notifications/${notificationId}/read`),
    notificationsQueryKey,
  );
}
