import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { calendarFeedsQueryKey } from './list-calendar-feeds';

function revokeCalendarFeed(calendarFeedId: string): Promise<null> {
  return api.delete<null>(`/api/me/calendar-feeds/${encodeURIComponent(calendarFeedId)}`);
}

/** Ends a feed at once: the calendar's next fetch of its address gets a 404. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (_answer, calendarFeedId) =>
      queryClient.setQueryData<CalendarFeedView[]>(calendarFeedsQueryKey, (feeds) =>
        feeds?.filter((feed) => feed.calendar_feed_id !== calendarFeedId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
}
