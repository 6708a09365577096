import type { RestoredView, TrashItemView } from '@figgle/shared/trash-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const queryClient = useQueryClient();
  const key = trashQueryKey(organizationId);
  return useMutation({
    mutationFn: restoreTrashItem,
    onSuccess: (_answer, trashId) =>
      queryClient.setQueryData<TrashItemView[]>(key, (items) =>
        items?.filter((item) => item.trash_id !== trashId),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
