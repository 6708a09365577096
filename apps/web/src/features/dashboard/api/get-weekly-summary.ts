import type { WeeklySummaryView } from '@figgle/shared/weekly-summary-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dayIn } from '../../../ui/planning/due-date';

/** What is overdue depends on the person's own day, as for the dashboard's figures. */
function getWeeklySummary(signal?: AbortSignal): Promise<WeeklySummaryView> {
  return api.get<WeeklySummaryView>('/api/dashboard/summary', {
    signal,
    query: { today: dayIn(new Date()) },
  });
}

/**
 * A week changes slowly, and a model's summary is kept an hour by the server anyway: read on each
 * visit of the dashboard, not every 30 s as its figures are.
 */
const weeklySummaryQueryOptions = queryOptions({
  queryKey: ['dashboard', 'summary'] as const,
  queryFn: ({ signal }) => getWeeklySummary(signal),
  staleTime: 60_000,
});

export function useWeeklySummary() {
  return useQuery(weeklySummaryQueryOptions);
}
