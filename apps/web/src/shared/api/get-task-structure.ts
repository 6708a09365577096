import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refetchUnlessPrefetched } from '../../lib/prefetched-reads';
import { queryKeys } from './query-keys';

/**
 * GET /api/tasks/:taskId/structure: the parent, the sub-tasks and their progress, the relations.
 * The task page shows it whole; a row's or card's Blocked mark reads it when opened, for the names
 * of the blocking tasks.
 */
export const taskStructureQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskStructure(taskId),
    queryFn: ({ signal }) =>
      api.get<TaskStructureView>(`/api/tasks/${encodeURIComponent(taskId)}/structure`, { signal }),
    staleTime: 0,
    // ...except on the mount right after the route's own prefetch read it (apps/web/src/app/router.tsx).
    refetchOnMount: refetchUnlessPrefetched,
  });

/** The task's structure, read when `enabled` (a Blocked mark's list, once opened). */
export function useTaskStructure(taskId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskStructureQueryOptions(taskId), enabled });
}
