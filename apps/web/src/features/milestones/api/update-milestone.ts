import type { MilestoneView, UpdateMilestoneInput } from '@figgle/shared/milestone-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { queryKeys } from '../../../shared/api/query-keys';

function updateMilestone({ milestoneId, changes }: { milestoneId: string; changes: UpdateMilestoneInput }) {
  return api.patch<MilestoneView>(`/api/milestones/${encodeURIComponent(milestoneId)}`, changes);
}

export function useUpdateMilestone(projectId: string) {
  return useWriteThenRead(updateMilestone, queryKeys.milestones(projectId));
}
