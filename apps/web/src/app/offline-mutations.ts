import type { QueryClient } from '@tanstack/react-query';
import { addChecklistItemOptions } from '../features/task-detail/api/add-checklist-item';
import { addRelationOptions } from '../features/task-detail/api/add-relation';
import { createCommentOptions } from '../features/task-detail/api/create-comment';
import { deleteChecklistItemOptions } from '../features/task-detail/api/delete-checklist-item';
import { moveSubtaskOptions } from '../features/task-detail/api/move-subtask';
import { removeRelationOptions } from '../features/task-detail/api/remove-relation';
import { setParentOptions } from '../features/task-detail/api/set-parent';
import { setTaskLabelsOptions } from '../features/task-detail/api/set-task-labels';
import { updateChecklistItemOptions } from '../features/task-detail/api/update-checklist-item';
import { kanbanUpdateOptions } from '../features/tasks/api/kanban-update';
import { queuedChangeDefaults } from '../lib/offline/offline-queue';
import { updateTaskOptions } from '../shared/api/update-task';

/**
 * Every change that may wait offline, registered by its key before the stored copy is put back: a
 * change restored from the device (lib/offline/query-persister.ts) takes its request and callbacks
 * from here, and every change of that key, from a hook or a Retry, joins the one ordered queue
 * (queuedChangeDefaults). A hook of the same key keeps its own callbacks on the page that made it.
 */
export function registerOfflineMutations(queryClient: QueryClient): void {
  const options = [
    updateTaskOptions(queryClient),
    kanbanUpdateOptions(queryClient),
    setTaskLabelsOptions(queryClient),
    createCommentOptions(queryClient),
    // Checklist changes: an item added offline stays greyed (its grip, box and menu off) until the
    // server has it, so no later change can name the id it does not have yet.
    addChecklistItemOptions(queryClient),
    updateChecklistItemOptions(queryClient),
    deleteChecklistItemOptions(queryClient),
    // Structure changes: a relation added offline stays greyed (no Remove) until the server has it,
    // for the same reason.
    setParentOptions(queryClient),
    moveSubtaskOptions(queryClient),
    addRelationOptions(queryClient),
    removeRelationOptions(queryClient),
  ];
  for (const { mutationKey, ...rest } of options) {
    queryClient.setMutationDefaults(mutationKey, { ...queuedChangeDefaults, ...rest } as never);
  }
}
