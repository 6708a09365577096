import type { TaskHit } from '@figgle/shared/search-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * The task a picker (TaskFinder) offered, as the search answered it (useFindTasks): what a structure
 * change shows of it before the server answers, offline as online.
 */
export function pickedTask(queryClient: QueryClient, taskId: string): TaskHit | undefined {
  const answers = queryClient.getQueriesData<TaskHit[]>({ queryKey: [...queryKeys.search, 'task-picker'] });
  for (const [, hits] of answers) {
    const hit = hits?.find((candidate) => candidate.task_id === taskId);
    if (hit) return hit;
  }
  return undefined;
}
