import { queryKeys } from '../../../shared/api/query-keys';
import { usePlanLinkMutation } from './plan-link-mutation';

/** Puts the task in a milestone of its project (or none): PUT /api/tasks/:taskId/milestone. */
export function useSetTaskMilestone() {
  return usePlanLinkMutation({ route: 'milestone', field: 'milestone_id', listKey: queryKeys.milestones });
}
