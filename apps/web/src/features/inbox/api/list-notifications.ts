import type { NotificationPage } from '@figgle/shared/notification-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from '../../../lib/realtime/query-keys';

const forMeQueryKey = [...notificationsQueryKey, 'list'] as const;

function listNotifications(cursor: string | null): Promise<NotificationPage> {
  return api.get<NotificationPage>('/api/notifications', { query: cursor ? { cursor } : {} });
}

/** "For me", newest first; See more asks for the page after the last entry shown. */
export function useNotifications() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: forMeQueryKey,
      queryFn: ({ pageParam }) => listNotifications(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      staleTime: 0,
    }),
  );
}
