import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { inboxStatusQueryOptions } from '../../../lib/realtime/inbox-status';
import { dayIn } from '../../../ui/planning/due-date';

const dashboardQueryKey = ['dashboard'] as const;

/** What is overdue depends on the day it is where the person is, which the server cannot know. */
function getDashboard(signal?: AbortSignal): Promise<DashboardView> {
  return api.get<DashboardView>('/api/dashboard', { signal, query: { today: dayIn(new Date()) } });
}

/** Figures move with every change: read on each visit, on focus and every 30 s while shown. */
const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) => getDashboard(signal),
  staleTime: 0,
  refetchInterval: 30_000,
});

/**
 * The dashboard, read again as soon as someone else changes something in the user's organizations
 * (the live connection marks the inbox status then).
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const { dataUpdatedAt: updatedAt } = useQuery(inboxStatusQueryOptions);
  const firstUpdate = useRef(updatedAt);
  useEffect(() => {
    if (updatedAt === firstUpdate.current) return;
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  }, [queryClient, updatedAt]);
  return useQuery(dashboardQueryOptions);
}
