import type { FetchQueryOptions, QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';

/**
 * The answers a route's own prefetch fetched during this load, by query, with the time each was
 * stored (`dataUpdatedAt`). A mark holds only while that very answer is in the cache, and until the
 * page that read it closes: then the next opening reads again, as before.
 */
const prefetched = new WeakMap<object, number>();
const watchedClients = new WeakSet<QueryClient>();

/** Forget a query's mark once its page is gone (the last observer left, and none came back at once). */
function forgetWhenUnobserved(queryClient: QueryClient): void {
  if (watchedClients.has(queryClient)) return;
  watchedClients.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerRemoved' || !prefetched.has(event.query)) return;
    const { query } = event;
    // React's development remount removes and adds the observer in the same task: keep the mark then.
    setTimeout(() => {
      if (query.getObserversCount() === 0) prefetched.delete(query);
    }, 0);
  });
}

/**
 * The same read, carried through when the screen being left stops observing its query. Opened from
 * the app, the screen the person leaves may observe a query the new page prefetches (a board card's
 * Blocked mark observes the task's structure); when it unmounts, its observer was the query's last,
 * and the read in flight was aborted, since it had taken its abort signal, so that the page read it
 * again after its first render. The read gets a signal of its own that nothing aborts.
 */
function notAbandoned<T, TKey extends QueryKey>(
  options: FetchQueryOptions<T, Error, T, TKey>,
): FetchQueryOptions<T, Error, T, TKey> {
  const read = options.queryFn;
  if (typeof read !== 'function') return options;
  return {
    ...options,
    queryFn: (context) =>
      read({
        // Not `...context`: reading its `signal` would tell the query the read may be aborted.
        client: context.client,
        queryKey: context.queryKey,
        meta: context.meta,
        signal: new AbortController().signal,
      } as QueryFunctionContext<TKey, never>),
  };
}

/**
 * A route's prefetch (`AppRoute['prefetch']`): reads `options` before the page renders, and marks the
 * answer as this opening's read, so the page's `refetchOnMount: refetchUnlessPrefetched` does not ask
 * for it a second time when it mounts.
 */
export async function prefetchForRoute<T, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, TKey>,
): Promise<void> {
  forgetWhenUnobserved(queryClient);
  await queryClient.prefetchQuery(notAbandoned(options));
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  // Failed, or put back from the offline copy in the meantime (marked invalidated online): no mark.
  if (query?.state.status !== 'success' || query.state.isInvalidated) return;
  prefetched.set(query, query.state.dataUpdatedAt);
}

/**
 * For `refetchOnMount` of data a route prefetches and that is otherwise read again on every opening
 * (`staleTime: 0`, so that a copy restored from the offline cache is never trusted): the page's mount
 * reads again unless what the cache holds is still the answer the route's own prefetch just fetched.
 */
export function refetchUnlessPrefetched(query: {
  state: { dataUpdatedAt: number; isInvalidated: boolean };
}): boolean {
  const mark = prefetched.get(query);
  return mark === undefined || mark !== query.state.dataUpdatedAt || query.state.isInvalidated;
}
