import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function deleteMilestone(milestoneId: string): Promise<void> {
  return api.delete<void>(`/api/milestones/${encodeURIComponent(milestoneId)}`);
}

/** Removes a milestone; its tasks stay, in no milestone. */
export function useDeleteMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMilestone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.milestones(projectId) }),
  });
}
