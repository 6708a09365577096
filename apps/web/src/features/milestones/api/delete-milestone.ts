import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { queryKeys } from '../../../shared/api/query-keys';

function deleteMilestone(milestoneId: string): Promise<void> {
  return api.delete<void>(`/api/milestones/${encodeURIComponent(milestoneId)}`);
}

/** Removes a milestone; its tasks stay, in no milestone. */
export function useDeleteMilestone(projectId: string) {
  return useWriteThenRead(deleteMilestone, queryKeys.milestones(projectId));
}
