import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optimisticChecklist } from './checklist-cache';

function deleteChecklistItem(itemId: string): Promise<void> {
  return api.delete<void>(`/api/checklist-items/${encodeURIComponent(itemId)}`);
}

/** The item goes at once; a failure brings it back with the toast. */
export function useDeleteChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    mutationFn: deleteChecklistItem,
    onMutate: (itemId) => checklist.show((items) => items.filter((item) => item.item_id !== itemId)),
    onError: (_error, _itemId, context) => checklist.rollBack(context),
    onSettled: () => checklist.settle(),
  });
}
