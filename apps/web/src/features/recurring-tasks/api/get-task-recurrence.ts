import type { TaskRecurrenceAnswer } from '@figgle/shared/recurrence-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

const taskRecurrenceQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskRecurrence(taskId),
    queryFn: ({ signal }) =>
      api.get<TaskRecurrenceAnswer>(`/api/tasks/${encodeURIComponent(taskId)}/recurrence`, { signal }),
  });

/** GET /api/tasks/:taskId/recurrence: how the task repeats, and the occurrence it made. */
export function useTaskRecurrence(taskId: string) {
  return useQuery(taskRecurrenceQueryOptions(taskId));
}
