import { usePlanLinkMutation } from './plan-link-mutation';
import { queryKeys } from './query-keys';

/**
 * Plans the task in a cycle of its project (or none): PUT /api/tasks/:taskId/cycle. The task page,
 * the "…" menu of a board card or list row, and the palette use it.
 */
export function useSetTaskCycle() {
  return usePlanLinkMutation({
    route: 'cycle',
    field: 'cycle_id',
    listKey: queryKeys.cycles,
    inSummaries: true,
  });
}
