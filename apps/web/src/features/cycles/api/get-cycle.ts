import type { CycleDetailView } from '@figgle/shared/cycle-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/cycles/:cycleId: the cycle's figures and its burn-up by day. */
export function useCycle(projectId: string, cycleId: string | null) {
  return useQuery({
    queryKey: queryKeys.cycle(projectId, cycleId ?? ''),
    queryFn: ({ signal }) =>
      api.get<CycleDetailView>(`/api/cycles/${encodeURIComponent(cycleId ?? '')}`, { signal }),
    enabled: cycleId !== null,
  });
}
