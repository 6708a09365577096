import { INBOX_PAGE_SIZE } from '@figgle/shared/constants';
import type { InboxPage } from '@figgle/shared/inbox-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offsetPaging } from '../../../lib/offset-paging';

/** Under 'inbox' (not 'status'): the live connection reads these again when new activity arrives. */
const inboxEntriesQueryKey = ['inbox', 'entries'] as const;

function listInbox(offset: number, limit = INBOX_PAGE_SIZE): Promise<InboxPage> {
  return api.get<InboxPage>('/api/inbox', { query: { offset, limit } });
}

/** The inbox, newest first, ten more per See more (docs/product.md#inbox). */
const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: inboxEntriesQueryKey,
    queryFn: ({ pageParam }) => listInbox(pageParam),
    ...offsetPaging((page: InboxPage) => page.entries),
    staleTime: 0,
  });

export function useInbox() {
  return useInfiniteQuery(inboxQueryOptions());
}
