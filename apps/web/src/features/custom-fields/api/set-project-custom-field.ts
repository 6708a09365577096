import type { CustomFieldView, SetProjectCustomFieldInput } from '@figgle/shared/custom-field-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';
import { customFieldsKey } from './list-custom-fields';

type Variables = SetProjectCustomFieldInput & { projectId: string; fieldId: string };

/**
 * PUT /api/projects/:projectId/custom-fields/:fieldId: the field on or off in a project, and on its
 * cards. The boxes follow the click at once; a refusal puts them back with the server's words.
 */
export function useSetProjectCustomField(organizationId: string) {
  const queryClient = useQueryClient();
  const key = customFieldsKey(organizationId);
  return useMutation({
    mutationFn: ({ projectId, fieldId, ...body }: Variables) =>
      api.put<CustomFieldView>(
        `/api/projects/${encodeURIComponent(projectId)}/custom-fields/${encodeURIComponent(fieldId)}`,
        body,
      ),
    onMutate: async ({ projectId, fieldId, enabled, on_card }: Variables) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<CustomFieldView[]>(key);
      queryClient.setQueryData<CustomFieldView[]>(key, (fields) =>
        fields?.map((field) => {
          if (field.field_id !== fieldId) return field;
          const others = field.projects.filter((place) => place.project_id !== projectId);
          return {
            ...field,
            projects: enabled ? [...others, { project_id: projectId, on_card: on_card ?? false }] : others,
          };
        }),
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(key, context?.before);
      toastError(error.message);
    },
    onSettled: (_data, _error, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectCustomFields(projectId) });
    },
  });
}
