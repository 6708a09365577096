import type { ChecklistItemView } from '@figgle/shared/checklist-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
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
  };
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
          item_id: `pending:${Date.now()}:${Math.random()}`,
          text: text.trim(),
          done: false,
          rank: '',
          converted_task: null,
        },
      ]),
  });
}
