import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { toastError } from '../../ui/toast';
import { queryKeys } from './query-keys';
import { patchTask, restoreTaskLists, takeTaskListsSnapshot } from './task-cache';

export interface PlanLinkVariables {
  taskId: string;
  projectId: string;
  /** The milestone or cycle, or null to take the task out. */
  linkId: string | null;
}

/**
 * PUT /api/tasks/:taskId/<route> with `{ <field>: id }`: the task page (and, for a field the lists
 * show, every cached list) shows the new value at once, puts the old one back with a message if the
 * server refuses, and reads the task and the project's list of milestones or cycles again.
 */
export function usePlanLinkMutation(options: {
  route: 'milestone' | 'cycle';
  field: 'milestone_id' | 'cycle_id';
  listKey: (projectId: string) => QueryKey;
  /** The field is one of the task's summary (cycle_id): the board and the lists show it too. */
  inSummaries?: boolean;
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
      if (!options.inSummaries) return { before, lists: undefined };
      const lists = takeTaskListsSnapshot(queryClient);
      patchTask(queryClient, taskId, () => ({ [options.field]: linkId }));
      return { before, lists };
    },
    onError: (error, { taskId }, context) => {
      queryClient.setQueryData(queryKeys.task(taskId), context?.before);
      restoreTaskLists(queryClient, context?.lists);
      toastError(error.message);
    },
    onSettled: (_data, _error, { taskId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: options.listKey(projectId) });
    },
  });
}
