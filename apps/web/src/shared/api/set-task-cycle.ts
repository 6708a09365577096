import { queryKeys } from '../../../shared/api/query-keys';
import { usePlanLinkMutation } from './plan-link-mutation';

/** Plans the task in a cycle of its project (or none): PUT /api/tasks/:taskId/cycle. */
export function useSetTaskCycle() {
  return usePlanLinkMutation({ route: 'cycle', field: 'cycle_id', listKey: queryKeys.cycles });
}
