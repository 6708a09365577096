import type { LabelView } from '@figgle/shared/planning-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function deleteLabel(labelId: string): Promise<null> {
  return api.delete<null>(`/api/labels/${encodeURIComponent(labelId)}`);
}

/** Deletes a label: the server takes it off its tasks too, so the lists are read again. */
export function useDeleteLabel(organizationId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.labels(organizationId);
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: (_answer, labelId) =>
      queryClient.setQueryData<LabelView[]>(key, (labels) =>
        labels?.filter((label) => label.label_id !== labelId),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
