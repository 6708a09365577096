import type { ProjectView } from '@figgle/shared/project-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refetchUnlessJustAnswered } from '../../lib/just-answered';

/** Cache key 'projects', kept offline (decision 0007): every project of every organization of the user. */
export const projectsQueryKey = ['projects'] as const;

function listProjects(signal?: AbortSignal): Promise<ProjectView[]> {
  return api.get<ProjectView[]>('/api/projects', { signal });
}

export const projectsQueryOptions = queryOptions({
  queryKey: projectsQueryKey,
  queryFn: ({ signal }) => listProjects(signal),
  // Re-read whenever a screen opens (the cached copy shows meanwhile): live updates only cover
  // changes made while the screen is open, and a copy restored after a reload may be behind.
  staleTime: 0,
  // The sidebar and the screen mount one after the other: one read serves both.
  refetchOnMount: refetchUnlessJustAnswered,
});

export function useProjects() {
  return useQuery(projectsQueryOptions);
}
