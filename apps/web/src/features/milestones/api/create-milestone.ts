import type { CreateMilestoneInput, MilestoneView } from '@figgle/shared/milestone-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function createMilestone({ projectId, ...body }: CreateMilestoneInput & { projectId: string }) {
  return api.post<MilestoneView>(`/api/projects/${encodeURIComponent(projectId)}/milestones`, body);
}

export function useCreateMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMilestone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.milestones(projectId) }),
  });
}
