import type { TaskFromEventView } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function createTaskFromEvent(eventId: string, projectId: string): Promise<TaskFromEventView> {
  return api.post<TaskFromEventView>(`/api/figma-events/${encodeURIComponent(eventId)}/task`, {
    project_id: projectId,
  });
}

export function useCreateTaskFromEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => createTaskFromEvent(eventId, projectId),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.figmaEvents });
      void queryClient.invalidateQueries({ queryKey: ['tasks', created.project_id] });
    },
  });
}
