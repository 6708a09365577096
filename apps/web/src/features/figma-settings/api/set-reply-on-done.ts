import type { FigmaOrganizationSettings, FigmaSettingsView } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { figmaSettingsQueryKey } from './get-figma-settings';

function setReplyOnDone(organizationId: string, enabled: boolean): Promise<FigmaOrganizationSettings> {
  return api.put<FigmaOrganizationSettings>(
    `/api/organizations/${encodeURIComponent(organizationId)}/figma-reply-on-done`,
    { enabled },
  );
}

const withOrganization = (settings: FigmaSettingsView | undefined, next: FigmaOrganizationSettings) =>
  settings
    ? {
        ...settings,
        organizations: settings.organizations.map((organization) =>
          organization.organization_id === next.organization_id ? next : organization,
        ),
      }
    : settings;

/** Optimistic: the switch moves at once and moves back if the server refuses. */
export function useSetReplyOnDone(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setReplyOnDone(organizationId, enabled),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: figmaSettingsQueryKey });
      const previous = queryClient.getQueryData<FigmaSettingsView>(figmaSettingsQueryKey);
      const current = previous?.organizations.find((o) => o.organization_id === organizationId);
      if (current) {
        queryClient.setQueryData(
          figmaSettingsQueryKey,
          withOrganization(previous, { ...current, reply_on_done: enabled }),
        );
      }
      return { previous };
    },
    onError: (_error, _enabled, context) => {
      if (context?.previous) queryClient.setQueryData(figmaSettingsQueryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<FigmaSettingsView>(figmaSettingsQueryKey, (settings) =>
        withOrganization(settings, saved),
      );
    },
  });
}
