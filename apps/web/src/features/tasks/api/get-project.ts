import type { ProjectView } from '@figgle/shared/project-schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function getProject(projectId: string, signal?: AbortSignal): Promise<ProjectView> {
  return api.get<ProjectView>(`/api/projects/${encodeURIComponent(projectId)}`, { signal });
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
    // Re-read whenever a screen opens (the cached copy shows meanwhile): live updates only cover
    // changes made while the screen is open, and a copy restored after a reload may be behind.
    staleTime: 0,
  });
