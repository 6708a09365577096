import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../ui/toast';
import { customFieldsKey } from './list-custom-fields';

/** DELETE /api/custom-fields/:fieldId: the field and every task's value of it. */
export function useDeleteCustomField(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldId: string) => api.delete<void>(`/api/custom-fields/${encodeURIComponent(fieldId)}`),
    onError: (error) => toastError(error.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: customFieldsKey(organizationId) });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'project' && query.queryKey[2] === 'custom-fields',
      });
    },
  });
}
