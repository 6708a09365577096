import type { MilestoneView, UpdateMilestoneInput } from '@figgle/shared/milestone-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function updateMilestone({ milestoneId, changes }: { milestoneId: string; changes: UpdateMilestoneInput }) {
  return api.patch<MilestoneView>(`/api/milestones/${encodeURIComponent(milestoneId)}`, changes);
}

export function useUpdateMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMilestone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.milestones(projectId) }),
  });
}
