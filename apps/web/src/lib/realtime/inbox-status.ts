import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { type InboxStatus, inboxStatusQueryKey } from './query-keys';

export const inboxStatusQueryOptions = queryOptions({
  queryKey: inboxStatusQueryKey,
  queryFn: ({ signal }) => api.get<InboxStatus>('/api/inbox/status', { signal }),
  staleTime: 60_000,
});

/** The sidebar's Inbox dot: activity newer than the last visit (kept on the server); live events set it. */
export function useInboxHasNewActivity(): boolean {
  return useQuery(inboxStatusQueryOptions).data?.has_new ?? false;
}
