import type { RestoredView, TrashItemView } from '@figgle/shared/trash-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { queryKeys } from '../../../shared/api/query-keys';
import { trashQueryKey } from './list-trash';

function restoreTrashItem(trashId: string): Promise<RestoredView> {
  return api.post<RestoredView>(`/api/trash/${encodeURIComponent(trashId)}/restore`);
}

/**
 * Brings a task or project back from the trash: it leaves the list at once, and the lists and boards
 * that show it are read again (open ones also hear the server's live event).
 */
export function useRestoreTrashItem(organizationId: string) {
  return useRemoveFromList({
    mutationFn: restoreTrashItem,
    listKey: trashQueryKey(organizationId),
    idOf: (item: TrashItemView) => item.trash_id,
    alsoChanged: [queryKeys.projects, queryKeys.allProjectTasks, queryKeys.myTasks],
  });
}
