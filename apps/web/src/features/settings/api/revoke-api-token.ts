import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryKey } from './list-api-tokens';

function revokeApiToken(apiTokenId: string): Promise<null> {
  return api.delete<null>(`/api/me/api-tokens/${encodeURIComponent(apiTokenId)}`);
}

/** Ends a token at once: the next request a script makes with it is refused. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (_answer, apiTokenId) =>
      queryClient.setQueryData<ApiTokenView[]>(apiTokensQueryKey, (tokens) =>
        tokens?.filter((token) => token.api_token_id !== apiTokenId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
