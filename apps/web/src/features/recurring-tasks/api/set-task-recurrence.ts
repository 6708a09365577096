import type { SetRecurrenceInput, TaskRecurrenceAnswer } from '@figgle/shared/recurrence-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

/** PUT /api/tasks/:taskId/recurrence: makes the task repeat, or changes how. */
export function useSetTaskRecurrence(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetRecurrenceInput) =>
      api.put<TaskRecurrenceAnswer>(`/api/tasks/${encodeURIComponent(taskId)}/recurrence`, input),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.taskRecurrence(taskId), answer),
    onError: (error) => toastError(error instanceof Error ? error.message : t('recurring-tasks.notSaved')),
  });
}
