import type { ChecklistItemView } from '@figgle/shared/checklist-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optimisticChecklist } from './checklist-cache';

function addChecklistItem(taskId: string, text: string): Promise<ChecklistItemView> {
  return api.post<ChecklistItemView>(`/api/tasks/${encodeURIComponent(taskId)}/checklist`, { text });
}

/** A new item shows at the end at once, greyed until the server has it. */
export function useAddChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    mutationFn: (text: string) => addChecklistItem(taskId, text),
    onMutate: (text) =>
      checklist.show((items) => [
        ...items,
        {
          item_id: `pending:${Date.now()}:${Math.random()}`,
          text: text.trim(),
          done: false,
          rank: '',
          converted_task: null,
        },
      ]),
    onError: (_error, _text, context) => checklist.rollBack(context),
    onSettled: () => checklist.settle(),
  });
}
