import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { figmaOAuthQueryKey } from './get-figma-oauth';
import { figmaOAuthNoticesQueryKey } from './list-figma-oauth-notices';

function disconnectFigmaOAuth(organizationId: string): Promise<void> {
  return api.delete<void>(`/api/organizations/${encodeURIComponent(organizationId)}/figma-oauth`);
}

export function useDisconnectFigmaOAuth(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectFigmaOAuth(organizationId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: figmaOAuthQueryKey(organizationId) });
      void queryClient.invalidateQueries({ queryKey: figmaOAuthNoticesQueryKey });
    },
  });
}
