import type { FigmaOAuthStarted } from '@figgle/shared/figma-oauth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function startFigmaOAuth(organizationId: string): Promise<FigmaOAuthStarted> {
  return api.post<FigmaOAuthStarted>(`/api/organizations/${encodeURIComponent(organizationId)}/figma-oauth`);
}

/** "Connect with Figma": the browser leaves for Figma's authorization page, and comes back here. */
export function useStartFigmaOAuth(organizationId: string) {
  return useMutation({
    mutationFn: () => startFigmaOAuth(organizationId),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}
