import type { CustomValue, ProjectCustomFieldsView } from '@figgle/shared/custom-field-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { toastError } from '../../ui/toast';
import { queryKeys } from './query-keys';

export interface SetCustomValueVariables {
  taskId: string;
  projectId: string;
  fieldId: string;
  value: CustomValue | null;
}

/**
 * PUT /api/tasks/:taskId/custom-fields/:fieldId: the value shows at once on the task page, the list
 * and the board; a refusal puts the old one back with the server's words. The task's change log is
 * read again.
 */
export function useSetTaskCustomValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, fieldId, value }: SetCustomValueVariables) =>
      api.put<void>(`/api/tasks/${encodeURIComponent(taskId)}/custom-fields/${encodeURIComponent(fieldId)}`, {
        value,
      }),
    onMutate: async ({ taskId, projectId, fieldId, value }: SetCustomValueVariables) => {
      const key = queryKeys.projectCustomFields(projectId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<ProjectCustomFieldsView>(key);
      queryClient.setQueryData<ProjectCustomFieldsView>(key, (view) => {
        if (!view) return view;
        const others = view.values.filter((row) => !(row.task_id === taskId && row.field_id === fieldId));
        const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
        return {
          ...view,
          values: empty ? others : [...others, { task_id: taskId, field_id: fieldId, value }],
        };
      });
      return { before };
    },
    onError: (error, { projectId }, context) => {
      queryClient.setQueryData(queryKeys.projectCustomFields(projectId), context?.before);
      toastError(error.message);
    },
    onSettled: (_data, _error, { taskId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectCustomFields(projectId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId), exact: true });
    },
  });
}
