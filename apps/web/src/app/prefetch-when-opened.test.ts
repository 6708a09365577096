import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createMemoryRouter, matchPath } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskQueryOptions } from '../features/task-detail/api/get-task';
import { timelineQueryOptions } from '../features/task-detail/api/list-timeline';
import { setRoutePreloader } from '../lib/route-intent';
import { taskStructureQueryOptions } from '../shared/api/get-task-structure';
import { appRoutes, buildRouteObjects, prefetchWhenOpened } from './router';

const TASK_ID = '7d0f3a52-5b7c-4c55-9d0e-0c3f1b2a9e01';
const OTHER_TASK_ID = '0b6c1f0e-2f59-4a8e-9a57-3c2d5e7f1a20';
const PROJECT_ID = '5a4e2c1b-9d8f-4e3a-8b7c-6d5e4f3a2b10';
const pageReads = (taskId: string) => [
  taskQueryOptions(taskId),
  taskStructureQueryOptions(taskId),
  timelineQueryOptions(taskId),
];

/** The requests sent, by address (a stand-in for the server answering `{}`). */
function countRequests(): Map<string, number> {
  const requests = new Map<string, number>();
  vi.stubGlobal('fetch', async (address: string) => {
    requests.set(address, (requests.get(address) ?? 0) + 1);
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

/** What the app's preloader does for a signed-in route (early-start.ts), without its code download. */
function prefetchOf(client: QueryClient) {
  return (pathname: string) => {
    for (const route of appRoutes) {
      const match = matchPath(route.path, pathname);
      if (match) route.prefetch?.(client, match.params);
    }
  };
}

describe('a page opened from the app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRoutePreloader(() => {});
  });

  it("starts the task page's reads with the navigation, before the page renders", async () => {
    const opened: string[] = [];
    setRoutePreloader((pathname) => opened.push(pathname));
    const router = createMemoryRouter(buildRouteObjects(), {
      initialEntries: [`/project/${PROJECT_ID}/kanban`],
    });
    prefetchWhenOpened(router);

    await router.navigate(`/task/${TASK_ID}`);
    expect(opened).toEqual([`/task/${TASK_ID}`]);
    // The same page again (a search or a hash changed): nothing asked twice.
    await router.navigate(`/task/${TASK_ID}?from=board`);
    // Another task from a task's page, then back: each opening reads.
    await router.navigate(`/task/${OTHER_TASK_ID}`);
    await router.navigate(-1);
    expect(opened).toEqual([`/task/${TASK_ID}`, `/task/${OTHER_TASK_ID}`, `/task/${TASK_ID}`]);
    // Routes without the flag are left to their pages.
    await router.navigate(`/project/${PROJECT_ID}/list`);
    await router.navigate('/projects');
    expect(opened).toHaveLength(3);
    router.dispose();
  });

  it('sends each of the three reads once: the page takes the answers the navigation asked for', async () => {
    const requests = countRequests();
    const client = new QueryClient();
    setRoutePreloader(prefetchOf(client));
    const router = createMemoryRouter(buildRouteObjects(), { initialEntries: ['/projects'] });
    prefetchWhenOpened(router);

    await router.navigate(`/task/${TASK_ID}`);
    await vi.waitFor(() => {
      for (const options of pageReads(TASK_ID))
        expect(client.getQueryState(options.queryKey)?.status).toBe('success');
    });
    // The page mounts: its three reads observed, as its `useQuery` hooks do.
    const unsubscribes = pageReads(TASK_ID).map((options) =>
      new QueryObserver(client, options as ConstructorParameters<typeof QueryObserver>[1]).subscribe(
        () => {},
      ),
    );
    await vi.waitFor(() => {
      for (const options of pageReads(TASK_ID))
        expect(client.getQueryState(options.queryKey)?.fetchStatus).toBe('idle');
    });
    expect(Object.fromEntries(requests)).toEqual({
      [`/api/tasks/${TASK_ID}`]: 1,
      [`/api/tasks/${TASK_ID}/structure`]: 1,
      [`/api/tasks/${TASK_ID}/timeline`]: 1,
    });
    for (const unsubscribe of unsubscribes) unsubscribe();
    router.dispose();
  });
});
