import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * After a structure change: both tasks' pages and every list read again, since each end's
 * structure, change log, progress and Blocked mark may have changed.
 */
export function useRefreshRelated() {
  const queryClient = useQueryClient();
  return (taskId: string, otherId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) }),
      otherId ? queryClient.invalidateQueries({ queryKey: queryKeys.task(otherId) }) : null,
      queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks }),
    ]);
}
