import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listProjectTasks(projectId: string, signal?: AbortSignal): Promise<TaskSummaryView[]> {
  return api.get<TaskSummaryView[]>(`/api/projects/${encodeURIComponent(projectId)}/tasks`, { signal });
}

export const projectTasksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectTasks(projectId),
    queryFn: ({ signal }) => listProjectTasks(projectId, signal),
    // Re-read whenever a screen opens (the cached copy shows meanwhile): live updates only cover
    // changes made while the screen is open, and a copy restored after a reload may be behind.
    staleTime: 0,
  });
