import type { CustomFieldView, UpdateCustomFieldInput } from '@figgle/shared/custom-field-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../ui/toast';
import { customFieldsKey } from './list-custom-fields';

/** PATCH /api/custom-fields/:fieldId: a new name, unit or options; the projects' lists read it again. */
export function useUpdateCustomField(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fieldId, changes }: { fieldId: string; changes: UpdateCustomFieldInput }) =>
      api.patch<CustomFieldView>(`/api/custom-fields/${encodeURIComponent(fieldId)}`, changes),
    onError: (error) => toastError(error.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: customFieldsKey(organizationId) });
      // Every project's fields (['project', id, 'custom-fields']) show the new words.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'project' && query.queryKey[2] === 'custom-fields',
      });
    },
  });
}
