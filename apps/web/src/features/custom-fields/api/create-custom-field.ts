import type { CreateCustomFieldInput, CustomFieldView } from '@figgle/shared/custom-field-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customFieldsKey } from './list-custom-fields';

/** POST /api/organizations/:organizationId/custom-fields. */
export function useCreateCustomField(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (field: CreateCustomFieldInput) =>
      api.post<CustomFieldView>(
        `/api/organizations/${encodeURIComponent(organizationId)}/custom-fields`,
        field,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldsKey(organizationId) }),
  });
}
