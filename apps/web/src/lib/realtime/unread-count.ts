import type { UnreadCountView } from '@figgle/shared/notification-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { unreadCountQueryKey } from './query-keys';

const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: ({ signal }) => api.get<UnreadCountView>('/api/notifications/unread-count', { signal }),
  staleTime: 60_000,
});

/** The sidebar's Inbox count: unread entries of "For me"; a notification event reads it again. */
export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions).data?.unread ?? 0;
}
