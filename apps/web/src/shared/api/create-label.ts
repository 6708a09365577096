import type { CreateLabelInput, LabelView, TaskLabelView } from '@figgle/shared/planning-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function createLabel(organizationId: string, input: CreateLabelInput): Promise<TaskLabelView> {
  return api.post<TaskLabelView>(`/api/organizations/${encodeURIComponent(organizationId)}/labels`, input);
}

/** A new label of the organization (settings, or typed into a task's label picker). */
export function useCreateLabel(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLabelInput) => createLabel(organizationId, input),
    onSuccess: (label) => {
      const key = queryKeys.labels(organizationId);
      queryClient.setQueryData<LabelView[]>(key, (labels) =>
        labels && !labels.some((item) => item.label_id === label.label_id)
          ? [...labels, { ...label, task_count: 0 }].sort((a, b) => a.name.localeCompare(b.name))
          : labels,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
