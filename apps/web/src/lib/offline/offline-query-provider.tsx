import {
  IsRestoringProvider,
  onlineManager,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { watchConnection } from './connection';
import { OfflineBanner } from './offline-banner';
import { installOfflineQueue } from './offline-queue';
import { persistQueryCache, restoreQueryCache, staleRestoredDataOnReconnect } from './query-persister';
import { registerServiceWorker } from './service-worker';

export interface OfflineQueryProviderProps {
  client: QueryClient;
  children: ReactNode;
}

/**
 * The query client with its offline copy: the cache is put back from IndexedDB before any query
 * runs (nothing fetches while restoring), then mirrored there; changes made offline queue in order.
 * Online, what comes back from the copy is shown at once and read again before it counts as fresh.
 */
export function OfflineQueryProvider({ client, children }: OfflineQueryProviderProps) {
  const [restoring, setRestoring] = useState(true);

  useEffect(() => {
    const stopQueue = installOfflineQueue(client);
    const stopWatching = watchConnection();
    registerServiceWorker();
    let stopPersisting: (() => void) | undefined;
    let cancelled = false;
    const stopStaling = staleRestoredDataOnReconnect(client);
    void restoreQueryCache(client).finally(() => {
      if (cancelled) return;
      stopPersisting = persistQueryCache(client);
      setRestoring(false);
      if (onlineManager.isOnline()) void client.resumePausedMutations();
    });
    return () => {
      cancelled = true;
      stopQueue();
      stopWatching();
      stopStaling();
      stopPersisting?.();
    };
  }, [client]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        {children}
        <OfflineBanner />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
