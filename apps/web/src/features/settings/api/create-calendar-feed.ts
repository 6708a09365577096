import type { CreateCalendarFeedInput, CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { calendarFeedsQueryKey } from './list-calendar-feeds';

function createCalendarFeed(input: CreateCalendarFeedInput): Promise<CreatedCalendarFeed> {
  return api.post<CreatedCalendarFeed>('/api/me/calendar-feeds', input);
}

/** A new feed (replacing the previous one of its kind): the answer holds its address, sent only now. */
export function useCreateCalendarFeed() {
  return useWriteThenRead(createCalendarFeed, calendarFeedsQueryKey);
}
