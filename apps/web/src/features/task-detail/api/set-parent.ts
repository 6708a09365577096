import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { refreshRelated } from './refresh-related';
import {
  optimisticStructure,
  type StructureContext,
  type Subtask,
  withoutSubtask,
  withSubtask,
} from './structure-cache';

export interface SetParentVariables {
  taskId: string;
  /** The new parent, or null for a top-level task. */
  parentId: string | null;
  /**
   * The task as its new parent's Sub-tasks show it, so it shows there at once (kept with a change
   * made offline too); null when the page does not know it.
   */
  subtask: Subtask | null;
}

/** PUT /api/tasks/:taskId/parent: an existing task goes under `parentId` (or to the top with null). */
function setParent({ taskId, parentId }: SetParentVariables): Promise<unknown> {
  return api.put<unknown>(`/api/tasks/${encodeURIComponent(taskId)}/parent`, { parent_id: parentId });
}

/** What a parent change does, sent from the task page or after a reload (app/offline-mutations.ts). */
export function setParentOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.setParent,
    mutationFn: setParent,
    onError: (_error: unknown, _variables: SetParentVariables, context: StructureContext | undefined) =>
      optimisticStructure(queryClient).rollBack(context),
    onSettled: (_answer: unknown, _error: unknown, { taskId, parentId }: SetParentVariables) => {
      void refreshRelated(queryClient, taskId, parentId);
    },
  };
}

/**
 * The task joins its new parent's Sub-tasks and leaves its former parent's (wherever those are
 * cached); a top-level task's own page stops naming a parent.
 */
export function showParentChange(
  queryClient: QueryClient,
  { taskId, parentId, subtask }: SetParentVariables,
): Promise<StructureContext> {
  return optimisticStructure(queryClient).show((ofTask, structure) => {
    if (ofTask === parentId) return subtask ? withSubtask(structure, subtask) : structure;
    if (ofTask === taskId)
      return parentId === null && structure.parent ? { ...structure, parent: null } : structure;
    return withoutSubtask(structure, taskId);
  });
}

/** The Sub-tasks section's attach: the task shows under its parent at once, and goes with a refusal. */
export function useSetParent() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setParentOptions(queryClient),
    onMutate: (variables: SetParentVariables) => showParentChange(queryClient, variables),
  });
}
