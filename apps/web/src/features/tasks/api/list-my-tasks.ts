import type { MyTaskView } from '@figgle/shared/task-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listMyTasks(signal?: AbortSignal): Promise<MyTaskView[]> {
  return api.get<MyTaskView[]>('/api/my-tasks', { signal });
}

const myTasksQueryOptions = queryOptions({
  queryKey: queryKeys.myTasks,
  queryFn: ({ signal }) => listMyTasks(signal),
  // Re-read whenever a screen opens (the cached copy shows meanwhile): live updates only cover
  // changes made while the screen is open, and a copy restored after a reload may be behind.
  staleTime: 0,
});

export function useMyTasks() {
  return useQuery(myTasksQueryOptions);
}
