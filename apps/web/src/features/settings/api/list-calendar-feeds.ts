import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const calendarFeedsQueryKey = ['me', 'calendar-feeds'] as const;

function listCalendarFeeds(): Promise<CalendarFeedView[]> {
  return api.get<CalendarFeedView[]>('/api/me/calendar-feeds');
}

const calendarFeedsQueryOptions = queryOptions({
  queryKey: calendarFeedsQueryKey,
  queryFn: listCalendarFeeds,
});

/** The person's feeds that still work, newest first (never their addresses). */
export function useCalendarFeeds() {
  return useQuery(calendarFeedsQueryOptions);
}
