import type { MilestoneAtRiskView } from '@figgle/shared/milestone-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The milestones of the person's organizations forecast past their target (or past it, open). */
export function useMilestonesAtRisk() {
  return useQuery({
    queryKey: queryKeys.milestonesAtRisk,
    queryFn: ({ signal }) => api.get<MilestoneAtRiskView[]>('/api/milestones/at-risk', { signal }),
  });
}
