import type { CreateMilestoneInput, MilestoneView } from '@figgle/shared/milestone-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { queryKeys } from '../../../shared/api/query-keys';

function createMilestone({ projectId, ...body }: CreateMilestoneInput & { projectId: string }) {
  return api.post<MilestoneView>(`/api/projects/${encodeURIComponent(projectId)}/milestones`, body);
}

export function useCreateMilestone(projectId: string) {
  return useWriteThenRead(createMilestone, queryKeys.milestones(projectId));
}
