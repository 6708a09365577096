import type { FigmaSettingsView, FigmaTeamSaved } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { figmaSettingsQueryKey } from './get-figma-settings';

/** Saves the team id and (re)registers the team's webhook; `webhook_error` says when that failed. */
function setFigmaTeam(organizationId: string, figmaTeamId: string): Promise<FigmaTeamSaved> {
  return api.put<FigmaTeamSaved>(`/api/organizations/${encodeURIComponent(organizationId)}/figma-team`, {
    figma_team_id: figmaTeamId,
  });
}

export function useSetFigmaTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (figmaTeamId: string) => setFigmaTeam(organizationId, figmaTeamId),
    onSuccess: ({ webhook_error: _error, ...saved }) => {
      queryClient.setQueryData<FigmaSettingsView>(figmaSettingsQueryKey, (settings) =>
        settings
          ? {
              ...settings,
              organizations: settings.organizations.map((organization) =>
                organization.organization_id === organizationId ? saved : organization,
              ),
            }
          : settings,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
}
