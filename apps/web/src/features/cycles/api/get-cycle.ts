import type { CycleDetailView } from '@figgle/shared/cycle-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/cycles/:cycleId, for the page's hook and for its route's prefetch on a first load. */
export function cycleQueryOptions(projectId: string, cycleId: string) {
  return queryOptions({
    queryKey: queryKeys.cycle(projectId, cycleId),
    queryFn: ({ signal }) =>
      api.get<CycleDetailView>(`/api/cycles/${encodeURIComponent(cycleId)}`, { signal }),
  });
}

/** GET /api/cycles/:cycleId: the cycle's figures and its burn-up by day. */
export function useCycle(projectId: string, cycleId: string | null) {
  return useQuery({ ...cycleQueryOptions(projectId, cycleId ?? ''), enabled: cycleId !== null });
}
