import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function getTask(taskId: string, signal?: AbortSignal): Promise<TaskDetailView> {
  return api.get<TaskDetailView>(`/api/tasks/${encodeURIComponent(taskId)}`, { signal });
}

const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.task(taskId),
    queryFn: ({ signal }) => getTask(taskId, signal),
    // A copy restored from the offline cache may predate the last save: opening the page always reads again.
    staleTime: 0,
  });

export function useTask(taskId: string) {
  return useQuery(taskQueryOptions(taskId));
}
