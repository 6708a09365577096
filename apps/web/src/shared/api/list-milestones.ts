import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listMilestones(projectId: string, signal?: AbortSignal): Promise<MilestoneView[]> {
  return api.get<MilestoneView[]>(`/api/projects/${encodeURIComponent(projectId)}/milestones`, { signal });
}

const milestonesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.milestones(projectId),
    queryFn: ({ signal }) => listMilestones(projectId, signal),
  });

/** A project's milestones, soonest target first, with their progress and forecast. */
export function useProjectMilestones(projectId: string | null) {
  return useQuery({ ...milestonesQueryOptions(projectId ?? ''), enabled: projectId !== null });
}
