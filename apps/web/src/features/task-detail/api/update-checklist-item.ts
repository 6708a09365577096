import type { ChecklistItemView, UpdateChecklistItemInput } from '@figgle/shared/checklist-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optimisticChecklist } from './checklist-cache';

interface UpdateChecklistItemVariables {
  itemId: string;
  changes: UpdateChecklistItemInput;
}

function updateChecklistItem({ itemId, changes }: UpdateChecklistItemVariables): Promise<ChecklistItemView> {
  return api.patch<ChecklistItemView>(`/api/checklist-items/${encodeURIComponent(itemId)}`, changes);
}

/** Ticks, edits or moves an item: shown at once, put back with the failure toast. */
export function useUpdateChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    mutationFn: updateChecklistItem,
    onMutate: ({ itemId, changes }) =>
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
    onError: (_error, _variables, context) => checklist.rollBack(context),
    onSettled: () => checklist.settle(),
  });
}
