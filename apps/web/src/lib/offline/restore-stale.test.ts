import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersistedCache } from './query-persister';

// "This page load" begins when `this-load.ts` is first evaluated. The unit tests share their modules
// (no isolation between files), so another file may have loaded it long before: load it anew here,
// as a page load would, so a copy saved 5 s ago predates it.
let persister: typeof import('./query-persister');
beforeAll(async () => {
  vi.resetModules();
  persister = await import('./query-persister');
});
const hydrateSavedCache: (typeof persister)['hydrateSavedCache'] = (...args) =>
  persister.hydrateSavedCache(...args);
const snapshotForDisk: (typeof persister)['snapshotForDisk'] = (...args) =>
  persister.snapshotForDisk(...args);
const staleRestoredDataOnReconnect: (typeof persister)['staleRestoredDataOnReconnect'] = (...args) =>
  persister.staleRestoredDataOnReconnect(...args);

const STALE_TIME = 30_000;

/** A copy saved a few seconds before this page load, with the organizations as they were then. */
function savedCopy(organizations: unknown[]): PersistedCache {
  const before = new QueryClient();
  before.setQueryData(['organizations'], organizations, { updatedAt: Date.now() - 5_000 });
  return JSON.parse(JSON.stringify(snapshotForDisk(before))) as PersistedCache;
}

/** As the app's hooks ask: is this data old enough to be read again when used? */
function isStale(client: QueryClient, queryKey: unknown[]): boolean {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) throw new Error(`no query ${JSON.stringify(queryKey)}`);
  return query.isStaleByTime(STALE_TIME);
}

describe('data put back from the offline copy', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('online: is shown at once, and read again before it counts as fresh', () => {
    const client = new QueryClient();
    hydrateSavedCache(client, savedCopy([]), true);

    expect(client.getQueryData(['organizations'])).toEqual([]);
    // Saved 5 s ago, within the 30 s stale time: without this it would be trusted as the server's.
    expect(isStale(client, ['organizations'])).toBe(true);
  });

  it('online: does not replace nor age what the server already answered during this load', () => {
    const client = new QueryClient();
    client.setQueryData(['organizations'], [{ organization_id: 'o1' }]);
    hydrateSavedCache(client, savedCopy([]), true);

    expect(client.getQueryData(['organizations'])).toEqual([{ organization_id: 'o1' }]);
    expect(isStale(client, ['organizations'])).toBe(false);
  });

  it('offline: is all there is, and is read again once the network returns', () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    const stop = staleRestoredDataOnReconnect(client);
    hydrateSavedCache(client, savedCopy([{ organization_id: 'o1' }]), false);
    expect(isStale(client, ['organizations'])).toBe(false);

    client.setQueryData(['projects'], [{ project_id: 'answered offline, say by a change' }]);
    onlineManager.setOnline(true);

    expect(isStale(client, ['organizations'])).toBe(true);
    // Data of this load is not the copy's: it keeps its own age.
    expect(isStale(client, ['projects'])).toBe(false);
    stop();
  });

  it('stays when a read started before the restore is abandoned (the page loaded without network)', async () => {
    // navigator.onLine said true: the first page's read left before the copy was restored, failed,
    // the app found it was offline, and the read waits, paused, on an entry without data.
    const client = new QueryClient({ defaultOptions: { queries: { retry: true, retryDelay: 20 } } });
    const read = client.prefetchQuery({
      queryKey: ['organizations'],
      queryFn: ({ signal }) => {
        // As fetch does, the read takes the abort signal; the health check then finds no server.
        if (!signal.aborted) onlineManager.setOnline(false);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    await vi.waitFor(() => expect(client.getQueryState(['organizations'])?.fetchStatus).toBe('paused'));

    hydrateSavedCache(client, savedCopy([{ organization_id: 'o1' }]), false);
    // The screen that showed it goes away (its observer was the last): the read in flight is cancelled.
    const observer = new QueryObserver(client, { queryKey: ['organizations'], enabled: false });
    observer.subscribe(() => {})();
    await read;

    expect(client.getQueryData(['organizations'])).toEqual([{ organization_id: 'o1' }]);
    expect(client.getQueryState(['organizations'])?.status).toBe('success');
  });
});
