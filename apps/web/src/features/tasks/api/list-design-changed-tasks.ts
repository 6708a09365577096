import type { DesignChangedTasks } from '@figgle/shared/design-change-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listDesignChangedTasks(projectId: string, signal?: AbortSignal): Promise<DesignChangedTasks> {
  return api.get<DesignChangedTasks>(`/api/projects/${encodeURIComponent(projectId)}/design-changes`, {
    signal,
  });
}

const designChangedTasksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectDesignChanges(projectId),
    queryFn: ({ signal }) => listDesignChangedTasks(projectId, signal),
    staleTime: 30_000,
  });

/**
 * Whether the task's linked design changed since its assignee saw it: one read per project that
 * every card and row of it shares, read again with the project's task events.
 */
export function useDesignChanged(projectId: string, taskId: string): boolean {
  const { data } = useQuery({
    ...designChangedTasksQueryOptions(projectId),
    select: (answer) => answer.task_ids.includes(taskId),
  });
  return data ?? false;
}
