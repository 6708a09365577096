import type { CycleSettingsInput, ProjectCyclesView } from '@figgle/shared/cycle-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** PUT /api/projects/:projectId/cycle-settings: answers the settings and cycles as they are now. */
export function useSetCycleSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CycleSettingsInput) =>
      api.put<ProjectCyclesView>(`/api/projects/${encodeURIComponent(projectId)}/cycle-settings`, settings),
    onSuccess: (cycles) => queryClient.setQueryData(queryKeys.cycles(projectId), cycles),
  });
}
