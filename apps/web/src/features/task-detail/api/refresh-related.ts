import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * After a structure change: both tasks (their pages, structures, change logs) and every list read
 * again, since each end's structure, progress and Blocked mark may have changed.
 */
export function refreshRelated(queryClient: QueryClient, taskId: string, otherId?: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) }),
    otherId ? queryClient.invalidateQueries({ queryKey: queryKeys.task(otherId) }) : null,
    queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks }),
  ]);
}
