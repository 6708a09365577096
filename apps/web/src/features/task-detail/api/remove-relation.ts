import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { refreshRelated } from './refresh-related';
import { optimisticStructure, type StructureContext, withoutRelation } from './structure-cache';

export interface RemoveRelationVariables {
  taskId: string;
  relationId: string;
  otherId: string;
}

/** DELETE /api/tasks/:taskId/relations/:relationId, from both ends. */
function removeRelation({ taskId, relationId }: RemoveRelationVariables): Promise<void> {
  return api.delete<void>(
    `/api/tasks/${encodeURIComponent(taskId)}/relations/${encodeURIComponent(relationId)}`,
  );
}

/** What removing a relation does, sent from the task page or after a reload (app/offline-mutations.ts). */
export function removeRelationOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.removeRelation,
    mutationFn: removeRelation,
    onError: (_error: unknown, _variables: RemoveRelationVariables, context: StructureContext | undefined) =>
      optimisticStructure(queryClient).rollBack(context),
    onSettled: (_answer: unknown, _error: unknown, { taskId, otherId }: RemoveRelationVariables) => {
      void refreshRelated(queryClient, taskId, otherId);
    },
  };
}

/** The relation leaves both ends' pages (one relation, one id, read from either task). */
export function showRelationRemoved(
  queryClient: QueryClient,
  { relationId }: RemoveRelationVariables,
): Promise<StructureContext> {
  return optimisticStructure(queryClient).show((_ofTask, structure) =>
    withoutRelation(structure, relationId),
  );
}

export function useRemoveRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeRelationOptions(queryClient),
    onMutate: (variables: RemoveRelationVariables) => showRelationRemoved(queryClient, variables),
  });
}
