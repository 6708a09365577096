import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydrateSavedCache, type PersistedCache, snapshotForDisk } from './offline/query-persister';
import { prefetchForRoute, refetchUnlessPrefetched } from './prefetched-reads';

/** A read like the task page's (`staleTime: 0`), counting the requests it sends. */
function countedRead() {
  const read = { requests: 0 };
  const options = queryOptions({
    queryKey: ['tasks', 't1'],
    queryFn: async () => {
      read.requests += 1;
      return { title: `answer ${read.requests}` };
    },
    staleTime: 0,
    refetchOnMount: refetchUnlessPrefetched,
  });
  return { read, options };
}

/** The page mounting: an observer subscribes, as `useQuery` does; returns its unmount. */
function mount(client: QueryClient, options: ReturnType<typeof countedRead>['options']): () => void {
  return new QueryObserver(client, options).subscribe(() => {});
}

/** Every read settled (a mount's read, if any, is sent synchronously). */
async function settled(client: QueryClient): Promise<void> {
  await Promise.all(
    client
      .getQueryCache()
      .getAll()
      .map((query) => query.promise),
  );
}

/** A copy of the task saved to the offline cache a few seconds before this load. */
function savedCopy(): PersistedCache {
  const before = new QueryClient();
  before.setQueryData(['tasks', 't1'], { title: 'saved' }, { updatedAt: Date.now() - 1_000 });
  return JSON.parse(JSON.stringify(snapshotForDisk(before))) as PersistedCache;
}

describe("a route's prefetch and the page's mount", () => {
  it('a cold load reads once: the page takes the prefetched answer without asking again', async () => {
    const client = new QueryClient();
    const { read, options } = countedRead();
    await prefetchForRoute(client, options);
    expect(read.requests).toBe(1);

    // Two parts of the page (the page and a section) mount on the answer.
    const unmountPage = mount(client, options);
    const unmountSection = mount(client, options);
    await settled(client);
    expect(read.requests).toBe(1);
    expect(client.getQueryData(options.queryKey)).toEqual({ title: 'answer 1' });
    unmountPage();
    unmountSection();
  });

  it('a copy restored from the offline cache is read again when the page mounts', async () => {
    const client = new QueryClient();
    const { read, options } = countedRead();
    hydrateSavedCache(client, savedCopy(), true);
    expect(client.getQueryData(options.queryKey)).toEqual({ title: 'saved' });

    const unmount = mount(client, options);
    await settled(client);
    expect(read.requests).toBe(1);
    expect(client.getQueryData(options.queryKey)).toEqual({ title: 'answer 1' });
    unmount();
  });

  it('the restored copy is read again even when a prefetch ran before it was put back', async () => {
    const client = new QueryClient();
    const { read, options } = countedRead();
    await prefetchForRoute(client, options);
    // A copy newer than this load's answer would replace it: it is no longer the prefetch's answer.
    const newer = new QueryClient();
    newer.setQueryData(['tasks', 't1'], { title: 'saved' }, { updatedAt: Date.now() + 1_000 });
    hydrateSavedCache(client, JSON.parse(JSON.stringify(snapshotForDisk(newer))) as PersistedCache, true);
    expect(client.getQueryData(options.queryKey)).toEqual({ title: 'saved' });

    const unmount = mount(client, options);
    await settled(client);
    expect(read.requests).toBe(2);
    unmount();
  });

  it('once the page has closed, opening it again reads again', async () => {
    const client = new QueryClient();
    const { read, options } = countedRead();
    await prefetchForRoute(client, options);
    mount(client, options)();
    // The mark is dropped a task after the last observer left.
    await new Promise((resolve) => setTimeout(resolve, 0));

    const unmount = mount(client, options);
    await settled(client);
    expect(read.requests).toBe(2);
    unmount();
  });

  it('the screen being left does not abandon the read: it lands, and the page takes it', async () => {
    const client = new QueryClient();
    let answer: (value: { title: string }) => void = () => {};
    const read = { requests: 0, aborted: false };
    const options = queryOptions({
      queryKey: ['tasks', 't1'],
      // As the app's reads: the request takes the query's abort signal.
      queryFn: ({ signal }) => {
        read.requests += 1;
        signal.addEventListener('abort', () => {
          read.aborted = true;
        });
        return new Promise<{ title: string }>((resolve) => {
          answer = resolve;
        });
      },
      staleTime: 0,
      refetchOnMount: refetchUnlessPrefetched,
    });
    // The board being left observes the same query (a card's Blocked mark, not opened).
    const leaveBoard = new QueryObserver(client, { ...options, enabled: false }).subscribe(() => {});
    const prefetched = prefetchForRoute(client, options);
    leaveBoard();
    answer({ title: 'answer 1' });
    await prefetched;
    expect(read.aborted).toBe(false);
    expect(client.getQueryData(options.queryKey)).toEqual({ title: 'answer 1' });

    const unmount = new QueryObserver(client, options).subscribe(() => {});
    await settled(client);
    expect(read.requests).toBe(1);
    unmount();
  });
});
