import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PersistedCache, persistQueryCache } from './query-persister';

/** The data of `root` in a written copy. */
function dataIn(copy: PersistedCache | undefined, root: string): unknown {
  return copy?.state.queries.find((query) => query.queryKey[0] === root)?.state.data;
}

interface Harness {
  client: QueryClient;
  writes: PersistedCache[];
  /** What the page does when it is closed or hidden. */
  leave: () => void;
  /** Ends the write in flight (writes made with `slow` wait for this). */
  finishWrite: () => void;
  stop: () => void;
}

function persisted(client: QueryClient, { slow = false } = {}): Harness {
  const writes: PersistedCache[] = [];
  const pending: Array<() => void> = [];
  let leaving = () => {};
  const stop = persistQueryCache(client, {
    write: (copy) => {
      writes.push(copy);
      return slow ? new Promise<void>((resolve) => pending.push(resolve)) : Promise.resolve();
    },
    onLeaving: (callback) => {
      leaving = callback;
      return () => {};
    },
  });
  return { client, writes, leave: () => leaving(), finishWrite: () => pending.shift()?.(), stop };
}

describe('the offline copy is written when a change is confirmed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes data that replaced other data at once, without waiting for the timer a reload can beat', async () => {
    const client = new QueryClient();
    client.setQueryData(['organizations'], []);
    const { writes } = persisted(client);

    // A refetch after creating an organization, or a live update, lands.
    client.setQueryData(['organizations'], [{ organization_id: 'o1', name: 'Fresh Studio' }]);
    await vi.advanceTimersByTimeAsync(0);

    expect(writes).toHaveLength(1);
    expect(dataIn(writes[0], 'organizations')).toEqual([{ organization_id: 'o1', name: 'Fresh Studio' }]);
  });

  it('writes a first read within a second: nothing older of it can be on the device', async () => {
    const client = new QueryClient();
    const { writes } = persisted(client);

    client.setQueryData(['projects'], [{ project_id: 'p1' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);
    expect(dataIn(writes[0], 'projects')).toEqual([{ project_id: 'p1' }]);
  });

  it('writes when a change settles, with what its callbacks put in the cache', async () => {
    const client = new QueryClient();
    client.setQueryData(['projects'], []);
    const { writes } = persisted(client);

    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.resolve({ project_id: 'p1' }),
      onSuccess: (project: { project_id: string }) => {
        client.setQueryData(['projects'], [project]);
      },
    });
    await mutation.execute(undefined);
    await vi.advanceTimersByTimeAsync(0);

    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(dataIn(writes.at(-1), 'projects')).toEqual([{ project_id: 'p1' }]);
  });

  it('does not write for what is never kept on the device (who is online, the inbox dot)', async () => {
    const client = new QueryClient();
    client.setQueryData(['realtime', 'presence'], {});
    const { writes } = persisted(client);

    client.setQueryData(['realtime', 'presence'], { o1: [{ user_id: 'u1' }] });
    client.setQueryData(['inbox', 'status'], { unread: true });
    await vi.advanceTimersByTimeAsync(5000);

    expect(writes).toHaveLength(0);
  });

  it('never writes twice at once: a change during a write is written right after it, as it is then', async () => {
    const client = new QueryClient();
    client.setQueryData(['projects'], []);
    const harness = persisted(client, { slow: true });

    client.setQueryData(['projects'], [{ project_id: 'p1' }]);
    await vi.advanceTimersByTimeAsync(0);
    client.setQueryData(['projects'], [{ project_id: 'p1' }, { project_id: 'p2' }]);
    client.setQueryData(['projects'], [{ project_id: 'p1' }, { project_id: 'p2' }, { project_id: 'p3' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(harness.writes).toHaveLength(1);

    harness.finishWrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(harness.writes).toHaveLength(2);
    expect(dataIn(harness.writes[1], 'projects')).toHaveLength(3);
  });

  it('writes what is scheduled when the page is closed or hidden', async () => {
    const client = new QueryClient();
    const harness = persisted(client);

    client.setQueryData(['projects'], [{ project_id: 'p1' }]);
    harness.leave();
    expect(harness.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(harness.writes).toHaveLength(1);
  });

  it('writes what is scheduled when it stops (the provider unmounts)', () => {
    const client = new QueryClient();
    const harness = persisted(client);
    client.setQueryData(['projects'], [{ project_id: 'p1' }]);
    harness.stop();
    expect(harness.writes).toHaveLength(1);
  });
});
