import type { CreateApiTokenInput, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryKey } from './list-api-tokens';

function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/api/me/api-tokens', input);
}

/** A new token: the answer holds the token itself, the only time it is ever sent. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
