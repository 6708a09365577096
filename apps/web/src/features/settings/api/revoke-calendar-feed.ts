import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { calendarFeedsQueryKey } from './list-calendar-feeds';

function revokeCalendarFeed(calendarFeedId: string): Promise<null> {
  return api.delete<null>(`/api/me/calendar-feeds/${encodeURIComponent(calendarFeedId)}`);
}

/** Ends a feed at once: the calendar's next fetch of its address gets a 404. */
export function useRevokeCalendarFeed() {
  return useRemoveFromList({
    mutationFn: revokeCalendarFeed,
    listKey: calendarFeedsQueryKey,
    idOf: (feed: CalendarFeedView) => feed.calendar_feed_id,
  });
}
