import type { FigmaReadyRuleInput, FigmaReadyRuleView } from '@figgle/shared/figma-dev-status-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// GET and PUT /api/projects/:projectId/figma-ready-rule: one resource, read and replaced.

const path = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/figma-ready-rule`;
const readyRuleKey = (projectId: string) => ['projects', projectId, 'figma-ready-rule'] as const;

export function useFigmaReadyRule(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: readyRuleKey(projectId),
      queryFn: ({ signal }) => api.get<FigmaReadyRuleView>(path(projectId), { signal }),
    }),
  );
}

export function useSetFigmaReadyRule(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: FigmaReadyRuleInput) => api.put<FigmaReadyRuleView>(path(projectId), rule),
    onSuccess: (rule) => queryClient.setQueryData(readyRuleKey(projectId), rule),
  });
}
