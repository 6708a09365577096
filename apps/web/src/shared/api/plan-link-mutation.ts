import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

export interface PlanLinkVariables {
  taskId: string;
  projectId: string;
  /** The milestone or cycle, or null to take the task out. */
  linkId: string | null;
}

/**
 * PUT /api/tasks/:taskId/<route> with `{ <field>: id }`: the task page shows the new value at once,
 * puts the old one back with a message if the server refuses, and reads the task and the project's
 * list of milestones or cycles again.
 */
export function usePlanLinkMutation(options: {
  route: 'milestone' | 'cycle';
  field: 'milestone_id' | 'cycle_id';
  listKey: (projectId: string) => QueryKey;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, linkId }: PlanLinkVariables) =>
      api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/${options.route}`, { [options.field]: linkId }),
    onMutate: async ({ taskId, linkId }: PlanLinkVariables) => {
      const key = queryKeys.task(taskId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task ? { ...task, [options.field]: linkId } : task,
      );
      return { before };
    },
    onError: (error, { taskId }, context) => {
      queryClient.setQueryData(queryKeys.task(taskId), context?.before);
      toastError(error.message);
    },
    onSettled: (_data, _error, { taskId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: options.listKey(projectId) });
    },
  });
}
