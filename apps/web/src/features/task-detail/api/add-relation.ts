import { RELATION_SIDE_FROM_OTHER_END, type RelationSide } from '@figgle/shared/relation-sides';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { refreshRelated } from './refresh-related';
import {
  optimisticStructure,
  pendingRelationId,
  type StructureContext,
  type TaskLink,
  withRelation,
} from './structure-cache';

export interface AddRelationVariables {
  taskId: string;
  side: RelationSide;
  otherId: string;
  /**
   * The other task as the relation's row shows it, so the row shows at once (kept with a change
   * made offline too); null when the page does not know it.
   */
  other: TaskLink | null;
  /**
   * This task as the other end's Relations show it, so an open page of the other task shows the
   * relation at once too; absent from a change queued offline before the field existed.
   */
  self?: TaskLink | null;
}

/** POST /api/tasks/:taskId/relations: this task `side` the other ("is blocked by" WEB-9). */
function addRelation({ taskId, side, otherId }: AddRelationVariables): Promise<{ relation_id: string }> {
  return api.post<{ relation_id: string }>(`/api/tasks/${encodeURIComponent(taskId)}/relations`, {
    side,
    task_id: otherId,
  });
}

/** What adding a relation does, sent from the task page or after a reload (app/offline-mutations.ts). */
export function addRelationOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.addRelation,
    mutationFn: addRelation,
    onError: (_error: unknown, _variables: AddRelationVariables, context: StructureContext | undefined) =>
      optimisticStructure(queryClient).rollBack(context),
    onSettled: (_answer: unknown, _error: unknown, { taskId, otherId }: AddRelationVariables) => {
      void refreshRelated(queryClient, taskId, otherId);
    },
  };
}

/**
 * The relation's row shows on the task's page, and on the other task's where that is cached (read
 * from its side: "blocks" there), greyed until the server has it and gives it an id.
 */
export function showRelationAdded(
  queryClient: QueryClient,
  { taskId, side, otherId, other, self }: AddRelationVariables,
): Promise<StructureContext> {
  return optimisticStructure(queryClient).show((ofTask, structure) => {
    if (ofTask === taskId && other)
      return withRelation(structure, { relation_id: pendingRelationId(), side, task: other });
    if (ofTask === otherId && self)
      return withRelation(structure, {
        relation_id: pendingRelationId(),
        side: RELATION_SIDE_FROM_OTHER_END[side],
        task: self,
      });
    return structure;
  });
}

export function useAddRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...addRelationOptions(queryClient),
    onMutate: (variables: AddRelationVariables) => showRelationAdded(queryClient, variables),
  });
}
