import type { LabelView, UpdateLabelInput } from '@figgle/shared/planning-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface UpdateLabelVariables {
  labelId: string;
  changes: UpdateLabelInput;
}

function updateLabel({ labelId, changes }: UpdateLabelVariables): Promise<LabelView> {
  return api.patch<LabelView>(`/api/labels/${encodeURIComponent(labelId)}`, changes);
}

/**
 * Renames or recolours a label. The new colour shows at once and comes back on failure; tasks carry
 * copies of their labels, so the lists are read again afterwards.
 */
export function useUpdateLabel(organizationId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.labels(organizationId);
  return useMutation({
    mutationFn: updateLabel,
    onMutate: async ({ labelId, changes }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LabelView[]>(key);
      queryClient.setQueryData<LabelView[]>(key, (labels) =>
        labels?.map((label) => (label.label_id === labelId ? { ...label, ...changes } : label)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
