import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';
import { optimisticStructure, type StructureContext } from './structure-cache';

export interface MoveSubtaskVariables {
  parentId: string;
  taskId: string;
  /** Its new place, counted without it. */
  index: number;
}

/** PUT /api/tasks/:taskId/subtask-position. */
function moveSubtask({ taskId, index }: MoveSubtaskVariables): Promise<void> {
  return api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/subtask-position`, { index });
}

/** What moving a sub-task does, sent from the parent's page or after a reload (app/offline-mutations.ts). */
export function moveSubtaskOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.moveSubtask,
    mutationFn: moveSubtask,
    onError: (_error: unknown, _variables: MoveSubtaskVariables, context: StructureContext | undefined) =>
      optimisticStructure(queryClient).rollBack(context),
    onSettled: (_answer: unknown, _error: unknown, { parentId }: MoveSubtaskVariables) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(parentId), exact: true });
    },
  };
}

/** The sub-task takes its new place on the parent's page. */
export function showSubtaskMoved(
  queryClient: QueryClient,
  { parentId, taskId, index }: MoveSubtaskVariables,
): Promise<StructureContext> {
  return optimisticStructure(queryClient).show((ofTask, structure) => {
    const moved = structure.subtasks.find((subtask) => subtask.task_id === taskId);
    if (ofTask !== parentId || !moved) return structure;
    const others = structure.subtasks.filter((subtask) => subtask !== moved);
    others.splice(Math.min(index, others.length), 0, moved);
    return { ...structure, subtasks: others };
  });
}

/** A drop in the Sub-tasks list: the row moves at once, and back where it was when refused. */
export function useMoveSubtask() {
  const queryClient = useQueryClient();
  return useMutation({
    ...moveSubtaskOptions(queryClient),
    onMutate: (variables: MoveSubtaskVariables) => showSubtaskMoved(queryClient, variables),
  });
}
