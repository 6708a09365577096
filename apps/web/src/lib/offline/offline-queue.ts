import { onlineManager, type QueryClient } from '@tanstack/react-query';

/** The scope that makes changes made offline run one after another, in the order they were made. */
export const OFFLINE_SCOPE = 'offline-changes';

/**
 * Changes made while offline (status, assignee, title, comments, board moves) wait, paused, and are
 * sent in order when the network returns (TanStack Query resumes paused mutations on reconnect and
 * only then refetches). A change made online keeps running in parallel as before.
 */
export function installOfflineQueue(queryClient: QueryClient): void {
  // TanStack Query only listens for online/offline events: a page loaded without network starts
  // believing it is online unless told otherwise.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const defaults = queryClient.getDefaultOptions();
  const mutations = { ...defaults.mutations };
  Object.defineProperty(mutations, 'scope', {
    enumerable: true,
    // Read each time a mutation is built: offline ones join the ordered queue.
    get: () => (onlineManager.isOnline() ? undefined : { id: OFFLINE_SCOPE }),
  });
  queryClient.setDefaultOptions({ ...defaults, mutations });
}
