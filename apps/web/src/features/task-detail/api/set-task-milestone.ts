import { usePlanLinkMutation } from '../../../shared/api/plan-link-mutation';
import { queryKeys } from '../../../shared/api/query-keys';

/** Puts the task in a milestone of its project (or none): PUT /api/tasks/:taskId/milestone. */
export function useSetTaskMilestone() {
  return usePlanLinkMutation({ route: 'milestone', field: 'milestone_id', listKey: queryKeys.milestones });
}
