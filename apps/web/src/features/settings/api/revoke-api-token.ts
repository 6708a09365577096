import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { apiTokensQueryKey } from './list-api-tokens';

function revokeApiToken(apiTokenId: string): Promise<null> {
  return api.delete<null>(`/api/me/api-tokens/${encodeURIComponent(apiTokenId)}`);
}

/** Ends a token at once: the next request a script makes with it is refused. */
export function useRevokeApiToken() {
  return useRemoveFromList({
    mutationFn: revokeApiToken,
    listKey: apiTokensQueryKey,
    idOf: (token: ApiTokenView) => token.api_token_id,
  });
}
