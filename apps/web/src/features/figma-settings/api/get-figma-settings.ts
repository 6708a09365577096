import type { FigmaSettingsView } from '@figgle/shared/figma-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const figmaSettingsQueryKey = ['figma-settings'] as const;

/** The token's status (never the token) and the owned organizations' team ids. */
function getFigmaSettings(): Promise<FigmaSettingsView> {
  return api.get<FigmaSettingsView>('/api/figma/settings');
}

const figmaSettingsQueryOptions = () =>
  queryOptions({ queryKey: figmaSettingsQueryKey, queryFn: getFigmaSettings });

export function useFigmaSettings() {
  return useQuery(figmaSettingsQueryOptions());
}
