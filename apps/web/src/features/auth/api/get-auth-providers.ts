import type { AuthProviders } from '@figgle/shared/auth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function getAuthProviders(): Promise<AuthProviders> {
  return api.get<AuthProviders>('/api/auth-providers');
}

/** Which sign-in buttons to show: settings of the server, so they hardly ever change. */
const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'] as const,
  queryFn: getAuthProviders,
  staleTime: 10 * 60_000,
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
