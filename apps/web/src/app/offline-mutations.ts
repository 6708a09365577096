import { MESSAGES } from '@figgle/shared/constants';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { addChecklistItemOptions } from '../features/task-detail/api/add-checklist-item';
import { createCommentOptions } from '../features/task-detail/api/create-comment';
import { deleteChecklistItemOptions } from '../features/task-detail/api/delete-checklist-item';
import { setTaskLabelsOptions } from '../features/task-detail/api/set-task-labels';
import { updateChecklistItemOptions } from '../features/task-detail/api/update-checklist-item';
import {
  refreshAfterTaskChange,
  storeTaskSummary,
  type TaskChangeVariables,
  updateTask,
} from '../features/task-detail/api/update-task';
import { kanbanUpdateOptions } from '../features/tasks/api/kanban-update';
import { refreshTaskLists, storeTask } from '../features/tasks/api/task-cache';
import { offlineMutationKeys } from '../lib/offline/mutation-keys';
import { queryKeys } from '../shared/api/query-keys';
import { toastError } from '../ui/toast';

/**
 * What each change that may wait offline does when it is sent after a reload, when only its key and
 * variables came back from the device (lib/offline/query-persister.ts). Registered before the stored
 * copy is put back: a restored change takes its function from here. A change sent from the page that
 * made it keeps its own hook's callbacks (the hooks use the same keys and the same requests).
 */
export function registerOfflineMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults<TaskSummaryView, Error, TaskChangeVariables>(
    offlineMutationKeys.updateTask,
    {
      mutationFn: ({ taskId, changes }: TaskChangeVariables) => updateTask(taskId, changes),
      onSuccess: (task: TaskSummaryView) => {
        storeTask(queryClient, task);
        storeTaskSummary(queryClient, task);
      },
      // Nothing in memory to roll back to after a reload: the server's copy replaces what was shown.
      onError: (_error: unknown, { taskId }: TaskChangeVariables) => {
        refreshTaskLists(queryClient);
        void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
        toastError(MESSAGES.saveFailed);
      },
      onSettled: (_task: unknown, _error: unknown, { taskId }: TaskChangeVariables) =>
        refreshAfterTaskChange(queryClient, taskId),
    },
  );

  const { mutationKey: _kanbanKey, ...kanban } = kanbanUpdateOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.kanbanUpdate, kanban);

  const { mutationKey: _labelsKey, ...labels } = setTaskLabelsOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.setTaskLabels, labels);

  const { mutationKey: _commentKey, ...comment } = createCommentOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.createComment, comment);

  // Checklist changes: an item added offline stays greyed (its grip, box and menu off) until the
  // server has it, so no later change can name the id it does not have yet.
  const { mutationKey: _addKey, ...addItem } = addChecklistItemOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.addChecklistItem, addItem);
  const { mutationKey: _updateKey, ...updateItem } = updateChecklistItemOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.updateChecklistItem, updateItem);
  const { mutationKey: _deleteKey, ...deleteItem } = deleteChecklistItemOptions(queryClient);
  queryClient.setMutationDefaults(offlineMutationKeys.deleteChecklistItem, deleteItem);
}
