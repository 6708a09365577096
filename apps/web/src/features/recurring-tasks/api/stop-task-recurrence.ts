import type { TaskRecurrenceAnswer } from '@figgle/shared/recurrence-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

/** DELETE /api/tasks/:taskId/recurrence: the task stops repeating. */
export function useStopTaskRecurrence(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/tasks/${encodeURIComponent(taskId)}/recurrence`),
    onSuccess: () =>
      queryClient.setQueryData<TaskRecurrenceAnswer>(queryKeys.taskRecurrence(taskId), (answer) => ({
        next_task: answer?.next_task ?? null,
        recurrence: null,
      })),
    onError: (error) => toastError(error instanceof Error ? error.message : t('recurring-tasks.notStopped')),
  });
}
