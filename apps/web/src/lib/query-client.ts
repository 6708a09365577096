import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export interface QueryClientHooks {
  /** Called when any query or mutation answers 401: the session ended on the server. */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientHooks = {}): QueryClient {
  const reportUnauthorized = (error: unknown) => {
    if (error instanceof ApiRequestError && error.statusCode === 401) onUnauthorized?.();
  };

  return new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthorized }),
    mutationCache: new MutationCache({ onError: reportUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** A 4xx answer will not change on retry; network failures and 5xx might. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.statusCode === 0 || error.statusCode >= 500;
}
