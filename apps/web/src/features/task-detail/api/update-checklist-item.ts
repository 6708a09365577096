import type { ChecklistItemView, UpdateChecklistItemInput } from '@figgle/shared/checklist-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { checklistChangeSettling, optimisticChecklist } from './checklist-cache';

export interface UpdateChecklistItemVariables {
  taskId: string;
  itemId: string;
  changes: UpdateChecklistItemInput;
}

function updateChecklistItem({ itemId, changes }: UpdateChecklistItemVariables): Promise<ChecklistItemView> {
  return api.patch<ChecklistItemView>(`/api/checklist-items/${encodeURIComponent(itemId)}`, changes);
}

/** What ticking, editing or moving an item does, sent from the page or after a reload. */
export function updateChecklistItemOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.updateChecklistItem,
    mutationFn: updateChecklistItem,
    ...checklistChangeSettling(queryClient),
  };
}

/** Ticks, edits or moves an item: shown at once, put back with the failure toast. */
export function useUpdateChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    ...updateChecklistItemOptions(queryClient),
    onMutate: ({ itemId, changes }: UpdateChecklistItemVariables) =>
      checklist.show((items) => {
        const item = items.find((candidate) => candidate.item_id === itemId);
        if (!item) return items;
        const changed = {
          ...item,
          ...(changes.text !== undefined ? { text: changes.text.trim() } : {}),
          ...(changes.done !== undefined ? { done: changes.done } : {}),
        };
        const others = items.filter((candidate) => candidate.item_id !== itemId);
        const index = changes.index ?? items.indexOf(item);
        return [...others.slice(0, index), changed, ...others.slice(index)];
      }),
  });
}
