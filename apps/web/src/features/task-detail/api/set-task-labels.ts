import type { TaskLabelView } from '@figgle/shared/planning-schemas';
import type { TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';
import { refreshAfterTaskChange, storeTaskSummary } from '../../../shared/api/update-task';

export interface SetTaskLabelsVariables {
  taskId: string;
  labelIds: string[];
  /** The chosen labels, so the page shows them at once (kept with a change made offline too). */
  labels: TaskLabelView[];
}

function setTaskLabels(taskId: string, labelIds: string[]): Promise<TaskSummaryView> {
  return api.put<TaskSummaryView>(`/api/tasks/${encodeURIComponent(taskId)}/labels`, {
    label_ids: labelIds,
  });
}

/** Sorted by name, as the server answers them. */
const byName = (labels: TaskLabelView[]) => [...labels].sort((a, b) => a.name.localeCompare(b.name));

/**
 * What a label change does, whether sent from the task page or after a reload: the server's copy
 * joins the page, every list is read again (rows and cards show labels), and a failure puts the
 * page back (or reads it again when there is nothing to go back to); the refusal is said by name
 * with Retry (lib/offline/refused-change.ts).
 */
export function setTaskLabelsOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.setTaskLabels,
    mutationFn: ({ taskId, labelIds }: SetTaskLabelsVariables) => setTaskLabels(taskId, labelIds),
    onError: (
      _error: unknown,
      { taskId }: SetTaskLabelsVariables,
      context: { previous: TaskDetailView | undefined } | undefined,
    ) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.task(taskId), context.previous);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
    },
    onSuccess: (summary: TaskSummaryView) => storeTaskSummary(queryClient, summary),
    onSettled: (_summary: unknown, _error: unknown, { taskId }: SetTaskLabelsVariables) => {
      refreshAfterTaskChange(queryClient, taskId);
      // Task counts of the settings' labels follow.
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLabels });
    },
  };
}

/** The task page's label picker: the chips change at once and roll back with the failure toast. */
export function useSetTaskLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setTaskLabelsOptions(queryClient),
    onMutate: async ({ taskId, labels }: SetTaskLabelsVariables) => {
      const key = queryKeys.task(taskId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskDetailView>(key);
      queryClient.setQueryData<TaskDetailView>(key, (task) =>
        task ? { ...task, labels: byName(labels) } : task,
      );
      return { previous };
    },
  });
}
