import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

export const taskStructureKey = queryKeys.taskStructure;

/** GET /api/tasks/:taskId/structure: the parent, the sub-tasks and their progress, the relations. */
export function useTaskStructure(taskId: string) {
  return useQuery(
    queryOptions({
      queryKey: taskStructureKey(taskId),
      queryFn: ({ signal }) =>
        api.get<TaskStructureView>(`/api/tasks/${encodeURIComponent(taskId)}/structure`, { signal }),
      staleTime: 0,
    }),
  );
}
