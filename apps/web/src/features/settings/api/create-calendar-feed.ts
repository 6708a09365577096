import type { CreateCalendarFeedInput, CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { calendarFeedsQueryKey } from './list-calendar-feeds';

function createCalendarFeed(input: CreateCalendarFeedInput): Promise<CreatedCalendarFeed> {
  return api.post<CreatedCalendarFeed>('/api/me/calendar-feeds', input);
}

/** A new feed (replacing the previous one of its kind): the answer holds its address, sent only now. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
}
