import type { ProjectTimeline } from '@figgle/shared/timeline-view-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function getProjectTimeline(projectId: string, signal?: AbortSignal): Promise<ProjectTimeline> {
  return api.get<ProjectTimeline>(`/api/projects/${encodeURIComponent(projectId)}/timeline`, { signal });
}

export const projectTimelineQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectTimeline(projectId),
    queryFn: ({ signal }) => getProjectTimeline(projectId, signal),
  });

/** The project's tasks with dates, parents and milestones, its milestones and the "blocks" pairs. */
export function useProjectTimeline(projectId: string) {
  return useQuery(projectTimelineQueryOptions(projectId));
}
