import type { ChecklistItemView, ChecklistView } from '@figgle/shared/checklist-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';
import { checklistChangeSettling, optimisticChecklist } from './checklist-cache';

export interface AddChecklistItemVariables {
  taskId: string;
  text: string;
}

function addChecklistItem({ taskId, text }: AddChecklistItemVariables): Promise<ChecklistItemView> {
  return api.post<ChecklistItemView>(`/api/tasks/${encodeURIComponent(taskId)}/checklist`, { text });
}

/** What adding an item does, sent from the task page or after a reload (app/offline-mutations.ts). */
export function addChecklistItemOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.addChecklistItem,
    mutationFn: addChecklistItem,
    ...checklistChangeSettling(queryClient),
    // The server's answer is the item: the greyed one takes its id at once and can be ticked, moved
    // or removed, without waiting for the list to be read again (a later change cancels that read).
    onSuccess: (created: ChecklistItemView, { taskId, text }: AddChecklistItemVariables) =>
      queryClient.setQueryData<ChecklistView>(queryKeys.checklist(taskId), (view) =>
        view ? { items: withAddedItem(view.items, created, text) } : view,
      ),
  };
}

const PENDING_ITEM = 'pending:';

/** An item added a moment ago, not yet on the server: shown greyed, not yet editable. */
export const isPendingItem = (item: ChecklistItemView) => item.item_id.startsWith(PENDING_ITEM);

/** The first greyed item of that text (changes are sent in order) replaced by the server's item. */
function withAddedItem(items: ChecklistItemView[], created: ChecklistItemView, text: string) {
  if (items.some((item) => item.item_id === created.item_id)) return items;
  const index = items.findIndex((item) => isPendingItem(item) && item.text === text.trim());
  if (index === -1) return items;
  return items.map((item, at) => (at === index ? created : item));
}

/** A new item shows at the end at once, greyed until the server has it. */
export function useAddChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  const checklist = optimisticChecklist(queryClient, taskId);
  return useMutation({
    ...addChecklistItemOptions(queryClient),
    onMutate: ({ text }: AddChecklistItemVariables) =>
      checklist.show((items) => [
        ...items,
        {
          item_id: `${PENDING_ITEM}${Date.now()}:${Math.random()}`,
          text: text.trim(),
          done: false,
          rank: '',
          converted_task: null,
        },
      ]),
  });
}
