import type { FigmaOAuthStatus } from '@figgle/shared/figma-oauth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const figmaOAuthQueryKey = (organizationId: string) => ['figma-oauth', organizationId] as const;

/** Whether the server offers OAuth, and the organization's connection (never a token). */
function getFigmaOAuth(organizationId: string): Promise<FigmaOAuthStatus> {
  return api.get<FigmaOAuthStatus>(`/api/organizations/${encodeURIComponent(organizationId)}/figma-oauth`);
}

export function useFigmaOAuth(organizationId: string) {
  return useQuery(
    queryOptions({
      queryKey: figmaOAuthQueryKey(organizationId),
      queryFn: () => getFigmaOAuth(organizationId),
    }),
  );
}
