import type { LabelView } from '@figgle/shared/planning-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { queryKeys } from '../../../shared/api/query-keys';

function deleteLabel(labelId: string): Promise<null> {
  return api.delete<null>(`/api/labels/${encodeURIComponent(labelId)}`);
}

/** Deletes a label: the server takes it off its tasks too, so the lists are read again. */
export function useDeleteLabel(organizationId: string) {
  return useRemoveFromList({
    mutationFn: deleteLabel,
    listKey: queryKeys.labels(organizationId),
    idOf: (label: LabelView) => label.label_id,
    alsoChanged: [queryKeys.allProjectTasks, queryKeys.myTasks],
  });
}
