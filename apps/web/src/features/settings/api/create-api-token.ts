import type { CreateApiTokenInput, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { apiTokensQueryKey } from './list-api-tokens';

function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/api/me/api-tokens', input);
}

/** A new token: the answer holds the token itself, the only time it is ever sent. */
export function useCreateApiToken() {
  return useWriteThenRead(createApiToken, apiTokensQueryKey);
}
