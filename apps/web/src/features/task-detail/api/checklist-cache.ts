import type { ChecklistItemView, ChecklistView } from '@figgle/shared/checklist-schemas';
import type { Mutation, QueryClient } from '@tanstack/react-query';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';

const CHECKLIST_CHANGES: readonly (readonly unknown[])[] = [
  offlineMutationKeys.addChecklistItem,
  offlineMutationKeys.updateChecklistItem,
  offlineMutationKeys.deleteChecklistItem,
];

/** A change of this task's checklist that may still be waiting for its turn or for the server. */
function isChecklistChangeOf(taskId: string) {
  return (mutation: Mutation<unknown, unknown, unknown, unknown>) => {
    const key = mutation.options.mutationKey;
    const variables = mutation.state.variables as { taskId?: unknown } | undefined;
    return (
      !!key &&
      CHECKLIST_CHANGES.some((change) => change.length === key.length && change[0] === key[0]) &&
      variables?.taskId === taskId
    );
  };
}

/**
 * What every checklist change does around its request: the list shows the change at once, a failure
 * puts back what was there (lib/offline/refused-change.ts says which change was lost, with Retry), and afterwards the checklist and the task (its "3/5"
 * progress, its change time) are read again.
 */
export function optimisticChecklist(queryClient: QueryClient, taskId: string) {
  const key = queryKeys.checklist(taskId);
  return {
    async show(change: (items: ChecklistItemView[]) => ChecklistItemView[]) {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<ChecklistView>(key);
      queryClient.setQueryData<ChecklistView>(key, (view) => (view ? { items: change(view.items) } : view));
      return { previous };
    },
    rollBack(context: { previous: ChecklistView | undefined } | undefined) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      // A change sent after a reload has nothing in memory to go back to: the server's copy is read.
      else void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    settle() {
      // The list is read again once, after the last change of it: a read started while a later
      // change still waits (for its turn after this one, or for the server) answers without it, and
      // would put the ticked box back unticked until that change settles. The settling change itself
      // still counts as mutating here.
      if (queryClient.isMutating({ predicate: isChecklistChangeOf(taskId) }) <= 1)
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
    },
  };
}

/**
 * The failure and settling of a checklist change, read from its variables: the same whether the
 * change is sent from the page that made it or replayed after a reload (app/offline-mutations.ts).
 */
export function checklistChangeSettling(queryClient: QueryClient) {
  return {
    onError: (
      _error: unknown,
      { taskId }: { taskId: string },
      context: { previous: ChecklistView | undefined } | undefined,
    ) => optimisticChecklist(queryClient, taskId).rollBack(context),
    onSettled: (_data: unknown, _error: unknown, { taskId }: { taskId: string }) =>
      optimisticChecklist(queryClient, taskId).settle(),
  };
}
