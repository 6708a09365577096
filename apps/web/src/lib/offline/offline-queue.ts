import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { retryAfterNetworkFailure } from './connection';
import { showWaitingChanges } from './undo-after-reload';

/** The scope that makes changes that may wait offline run one after another, in the order made. */
export const OFFLINE_SCOPE = 'offline-changes';

/**
 * What every change that may wait offline shares (set as its key's default, so a hook, a restored
 * change and a Retry all get it): one fixed scope, so they are sent one at a time in the order they
 * were made, online as offline; and a request that never reached the server is not a failure: the
 * app counts itself offline and the change waits, paused, until the connection returns. TanStack
 * Query sends paused changes before it reads anything again.
 *
 * The scope is fixed, never chosen by the network state: a change whose scope differed from the one
 * it was queued under would never be sent (TanStack Query finds a change's turn by its scope).
 */
export const queuedChangeDefaults = {
  scope: { id: OFFLINE_SCOPE },
  retry: (failures: number, error: unknown) => retryAfterNetworkFailure(failures, error, 3),
  /** Time for the health check to say whether the network is gone before the change pauses. */
  retryDelay: 500,
};

/** The changes that waited for the network at some point on this page (or came back from the device). */
const queued = new WeakSet<object>();

/** Whether a change waited (or waits) for the network, rather than being sent at once. */
export function wasQueued(mutation: { state: { isPaused: boolean } }): boolean {
  return mutation.state.isPaused || queued.has(mutation);
}

/**
 * Starts the queue: TanStack Query only listens for online/offline events, so a page loaded without
 * network is told at once; each change that pauses is remembered as queued until it settles; and a
 * task or a list read from the server while changes still wait shows those changes over it.
 */
export function installOfflineQueue(queryClient: QueryClient): () => void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const mutations = queryClient.getMutationCache();
  const stopMutations = mutations.subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'updated') return;
    if (event.mutation.state.isPaused) queued.add(event.mutation);
  });
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const waiting = mutations.findAll({ status: 'pending' });
    if (waiting.length === 0) return;
    const { queryKey } = event.query;
    // After the cache has told everyone of the answer: the change shown over it is one more write.
    queueMicrotask(() => showWaitingChanges(queryClient, mutations.findAll({ status: 'pending' }), queryKey));
  });
  return () => {
    stopMutations();
    stopQueries();
  };
}
