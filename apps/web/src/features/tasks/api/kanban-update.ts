import { MESSAGES } from '@figgle/shared/constants';
import type { TaskStatus } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../ui/toast';
import {
  patchTask,
  restoreTaskLists,
  storeTask,
  type TaskCacheSnapshot,
  takeTaskListsSnapshot,
} from './task-cache';

export interface KanbanUpdateVariables {
  taskId: string;
  status: TaskStatus;
  /** Position in the target column without the task; null (My tasks) = the end of the column. */
  index: number | null;
  /** What the caches held before the board showed the drop (from showMoveAtOnce). */
  snapshot: TaskCacheSnapshot;
}

export function kanbanUpdate({ taskId, status, index }: KanbanUpdateVariables): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>('/api/kanban-update', { taskId, status, index });
}

/**
 * Puts the card in its new place in every cached list right away, in the same tick as the drop, so
 * the board never shows the old place for a frame. Returns what to roll back to.
 */
export function showMoveAtOnce(
  queryClient: QueryClient,
  move: { taskId: string; status: TaskStatus; rank: string | null },
): TaskCacheSnapshot {
  const snapshot = takeTaskListsSnapshot(queryClient);
  patchTask(queryClient, move.taskId, () => ({
    status: move.status,
    ...(move.rank ? { rank: move.rank } : {}),
  }));
  return snapshot;
}

/** A drop is shown at once (showMoveAtOnce); a failure puts the card back and says 'Sorry, something went wrong.' */
export function useKanbanUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kanbanUpdate,
    onError: (_error, { snapshot }) => {
      restoreTaskLists(queryClient, snapshot);
      toastError(MESSAGES.loadFailed);
    },
    onSuccess: (task) => storeTask(queryClient, task),
  });
}
