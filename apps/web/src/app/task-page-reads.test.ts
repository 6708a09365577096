import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskQueryOptions } from '../features/task-detail/api/get-task';
import { timelineQueryOptions } from '../features/task-detail/api/list-timeline';
import { hydrateSavedCache, type PersistedCache, snapshotForDisk } from '../lib/offline/query-persister';
import { taskStructureQueryOptions } from '../shared/api/get-task-structure';
import { appRoutes } from './router';

const TASK_ID = '7d0f3a52-5b7c-4c55-9d0e-0c3f1b2a9e01';
const READS = [`/api/tasks/${TASK_ID}`, `/api/tasks/${TASK_ID}/structure`, `/api/tasks/${TASK_ID}/timeline`];
const pageReads = () => [
  taskQueryOptions(TASK_ID),
  taskStructureQueryOptions(TASK_ID),
  timelineQueryOptions(TASK_ID),
];

/** The requests the page sends, by address (a stand-in for the server answering `{}`). */
function countRequests(): Map<string, number> {
  const requests = new Map<string, number>();
  vi.stubGlobal('fetch', async (address: string) => {
    requests.set(address, (requests.get(address) ?? 0) + 1);
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

/** The task page mounting: its three reads observed, as its `useQuery` hooks do. */
async function mountPage(client: QueryClient): Promise<() => void> {
  const unsubscribes = pageReads().map((options) =>
    new QueryObserver(client, options as ConstructorParameters<typeof QueryObserver>[1]).subscribe(() => {}),
  );
  await vi.waitFor(() => {
    for (const options of pageReads())
      expect(client.getQueryState(options.queryKey)?.fetchStatus).toBe('idle');
  });
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

describe("the task page's reads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('go out once on a cold load: the route prefetches them and the page takes those answers', async () => {
    const requests = countRequests();
    const client = new QueryClient();
    const taskRoute = appRoutes.find((route) => route.name === 'task');
    expect(taskRoute?.prefetch).toBeDefined();
    taskRoute?.prefetch?.(client, { taskId: TASK_ID });
    await vi.waitFor(() => {
      for (const options of pageReads())
        expect(client.getQueryState(options.queryKey)?.status).toBe('success');
    });

    const unmount = await mountPage(client);
    expect(Object.fromEntries(requests)).toEqual(Object.fromEntries(READS.map((address) => [address, 1])));
    unmount();
  });

  it('are sent again when the page shows a copy restored from the offline cache', async () => {
    const requests = countRequests();
    const before = new QueryClient();
    for (const options of pageReads()) {
      before.setQueryData(options.queryKey, {} as never, { updatedAt: Date.now() - 1_000 });
    }
    const client = new QueryClient();
    hydrateSavedCache(client, JSON.parse(JSON.stringify(snapshotForDisk(before))) as PersistedCache, true);
    for (const options of pageReads()) expect(client.getQueryData(options.queryKey)).toEqual({});

    const unmount = await mountPage(client);
    expect(Object.fromEntries(requests)).toEqual(Object.fromEntries(READS.map((address) => [address, 1])));
    unmount();
  });
});
