import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { isNetworkFailure, retryAfterNetworkFailure } from './offline/connection';
import { reportRefusedChange } from './offline/refused-change';
import { rememberUndo, undoRefusedChange } from './offline/undo-after-reload';

export interface QueryClientHooks {
  /** Called when any query or mutation answers 401: the session ended on the server. */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientHooks = {}): QueryClient {
  const reportUnauthorized = (error: unknown) => {
    if (error instanceof ApiRequestError && error.statusCode === 401) onUnauthorized?.();
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthorized }),
    mutationCache: new MutationCache({
      // A change that may wait offline notes what it replaces: after a reload, a refusal undoes it.
      onMutate: (variables, mutation) => rememberUndo(client, mutation, variables),
      // A refused change is undone wherever it shows, and said by name with Retry: never dropped silently.
      onError: (error, _variables, context, mutation) => {
        undoRefusedChange(client, context);
        reportRefusedChange(client, mutation, error);
        reportUnauthorized(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          // No network, whatever the browser says: the read pauses (keeping what the offline copy
          // shows) and runs again when the connection returns.
          if (isNetworkFailure(error)) return retryAfterNetworkFailure(failureCount, error, 2);
          return isRetryable(error) && failureCount < 2;
        },
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** A 4xx answer will not change on retry; network failures and 5xx might. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.statusCode === 0 || error.statusCode >= 500;
}
