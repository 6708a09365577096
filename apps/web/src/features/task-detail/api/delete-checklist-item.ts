import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { checklistChangeSettling, optimisticChecklist } from './checklist-cache';

export interface DeleteChecklistItemVariables {
  taskId: string;
  itemId: string;
}

function deleteChecklistItem({ itemId }: DeleteChecklistItemVariables): Promise<void> {
  return api.delete<void>(`/api/checklist-items/${encodeURIComponent(itemId)}`);
}

/** What removing an item does, sent from the page or after a reload. */
export function deleteChecklistItemOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.deleteChecklistItem,
    mutationFn: deleteChecklistItem,
    ...checklistChangeSettling(queryClient),
  };
}

/** The item goes at once; a failure brings it back with the toast. */
export function useDeleteChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    ...deleteChecklistItemOptions(queryClient),
    onMutate: ({ itemId }: DeleteChecklistItemVariables) =>
      checklist.show((items) => items.filter((item) => item.item_id !== itemId)),
  });
}
