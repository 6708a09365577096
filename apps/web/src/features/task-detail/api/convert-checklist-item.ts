import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';
import { optimisticChecklist } from './checklist-cache';

function convertChecklistItem(itemId: string): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(`/api/checklist-items/${encodeURIComponent(itemId)}/convert`);
}

/** Turns an item into a sub-task of the task; the item then links to it. */
export function useConvertChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    mutationFn: convertChecklistItem,
    onSuccess: (task, itemId) =>
      void checklist.show((items) =>
        items.map((item) =>
          item.item_id === itemId
            ? { ...item, converted_task: { task_id: task.task_id, reference: task.reference } }
            : item,
        ),
      ),
    onError: () => toastError(t('messages.saveFailed')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(taskId), exact: true });
      return checklist.settle();
    },
  });
}
