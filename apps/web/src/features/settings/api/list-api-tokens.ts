import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const apiTokensQueryKey = ['me', 'api-tokens'] as const;

function listApiTokens(): Promise<ApiTokenView[]> {
  return api.get<ApiTokenView[]>('/api/me/api-tokens');
}

const apiTokensQueryOptions = queryOptions({ queryKey: apiTokensQueryKey, queryFn: listApiTokens });

/** The person's tokens that still work, newest first, with their last use. */
export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}
