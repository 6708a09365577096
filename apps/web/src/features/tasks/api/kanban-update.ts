import type { TaskStatus } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import {
  patchTask,
  refreshTaskLists,
  restoreTaskLists,
  storeTask,
  type TaskCacheSnapshot,
  takeTaskListsSnapshot,
} from '../../../shared/api/task-cache';

export interface KanbanUpdateVariables {
  taskId: string;
  status: TaskStatus;
  /** Position in the target column without the task; null (My tasks) = the end of the column. */
  index: number | null;
  /**
   * What the caches held before the board showed the drop (from showMoveAtOnce). Kept in memory
   * only: a move sent after a reload has none, and a failure then reads the lists again.
   */
  snapshot?: TaskCacheSnapshot;
}

function kanbanUpdate({ taskId, status, index }: KanbanUpdateVariables): Promise<TaskSummaryView> {
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

/**
 * What a board move does, whether sent from the page that made it or after a reload: a failure puts
 * the card back (or, without a snapshot, reads the lists again); lib/offline/refused-change.ts says
 * which move was lost, under 'Sorry, something went wrong.', with Retry.
 */
export function kanbanUpdateOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.kanbanUpdate,
    mutationFn: kanbanUpdate,
    onError: (_error: unknown, { snapshot }: KanbanUpdateVariables) => {
      if (snapshot) restoreTaskLists(queryClient, snapshot);
      else refreshTaskLists(queryClient);
    },
    onSuccess: (task: TaskSummaryView) => storeTask(queryClient, task),
  };
}

/** A drop is shown at once (showMoveAtOnce); a failure puts the card back and says 'Sorry, something went wrong.' */
export function useKanbanUpdate() {
  const queryClient = useQueryClient();
  return useMutation(kanbanUpdateOptions(queryClient));
}
