import { type DehydratedState, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_SCOPE } from './offline-queue';
import { mutationForDisk, snapshotForDisk } from './query-persister';

const changeKey = ['update-task'] as const;
const commentKey = ['create-comment'] as const;

interface Change {
  taskId: string;
  title: string;
}

/** A change as the hooks make it: keyed, queued in the offline scope while offline. */
function makeChange(client: QueryClient, mutationKey: readonly string[] | undefined, variables: unknown) {
  const mutation = client.getMutationCache().build(client, {
    mutationKey: mutationKey ? [...mutationKey] : undefined,
    mutationFn: () => new Promise(() => {}),
    onMutate: () => ({ snapshot: 'a copy of every list' }),
  });
  void mutation.execute(variables).catch(() => {});
  return mutation;
}

/** What IndexedDB gives back: a structured copy, close enough to JSON for these values. */
function throughDisk(state: DehydratedState): DehydratedState {
  return JSON.parse(JSON.stringify(state)) as DehydratedState;
}

function offlineClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // As installOfflineQueue does: a change made offline joins the one ordered queue.
  client.setDefaultOptions({ mutations: { retry: false, scope: { id: OFFLINE_SCOPE } } });
  return client;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the offline copy of changes waiting for the network', () => {
  beforeEach(() => onlineManager.setOnline(false));
  afterEach(() => onlineManager.setOnline(true));

  it('keeps changes made offline, in order, without what they keep to roll back', async () => {
    const client = offlineClient();
    makeChange(client, changeKey, { taskId: 't1', title: 'First', snapshot: [['tasks', 'p'], []] });
    makeChange(client, commentKey, { taskId: 't1', content: { ops: [{ insert: 'Hi\n' }] } });
    await tick();

    const { mutations } = snapshotForDisk(client).state;

    expect(mutations.map((m) => m.mutationKey)).toEqual([['update-task'], ['create-comment']]);
    expect(mutations[0]?.state.variables).toEqual({ taskId: 't1', title: 'First' });
    expect(mutations[1]?.state.variables).toEqual({ taskId: 't1', content: { ops: [{ insert: 'Hi\n' }] } });
    expect(mutations.every((m) => m.state.isPaused && m.state.context === undefined)).toBe(true);
    expect(mutations.every((m) => m.scope?.id === OFFLINE_SCOPE)).toBe(true);
  });

  it('does not keep a change on its way to the server (a reload must not send it twice)', async () => {
    onlineManager.setOnline(true);
    const client = new QueryClient();
    makeChange(client, changeKey, { taskId: 't1', title: 'Sent' });
    await tick();

    expect(snapshotForDisk(client).state.mutations).toEqual([]);
  });

  it('does not keep a change without a key: nothing after a reload would know how to send it', async () => {
    const client = offlineClient();
    makeChange(client, undefined, { taskId: 't1' });
    await tick();

    expect(snapshotForDisk(client).state.mutations).toEqual([]);
  });

  it('sends the stored changes after a reload one after another, in the order they were made', async () => {
    const before = offlineClient();
    for (const title of ['One', 'Two', 'Three']) makeChange(before, changeKey, { taskId: 't1', title });
    await tick();
    const stored = throughDisk(snapshotForDisk(before).state);

    // The reloaded page: the request is registered first, then the copy comes back.
    const after = offlineClient();
    const calls: string[] = [];
    const pending: Array<() => void> = [];
    after.setMutationDefaults(changeKey, {
      mutationFn: ({ title }: Change) => {
        calls.push(title);
        return new Promise<string>((resolve) => pending.push(() => resolve(title)));
      },
    });
    hydrate(after, stored);
    expect(
      after
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused),
    ).toHaveLength(3);

    onlineManager.setOnline(true);
    void after.resumePausedMutations();
    await tick();
    // Only the first is on its way; the others wait for it (last writer wins on the server).
    expect(calls).toEqual(['One']);
    pending.shift()?.();
    await tick();
    expect(calls).toEqual(['One', 'Two']);
    pending.shift()?.();
    await tick();
    pending.shift()?.();
    await tick();
    expect(calls).toEqual(['One', 'Two', 'Three']);
    expect(
      after
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['success', 'success', 'success']);
    // Nothing left to send on the next reload.
    expect(snapshotForDisk(after).state.mutations).toEqual([]);
  });
});

describe('mutationForDisk', () => {
  const base = {
    mutationKey: ['kanban-update'],
    state: {
      context: { snapshot: [] },
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: 'pending' as const,
      variables: { taskId: 't1', status: 'DONE', index: 0, snapshot: [[['tasks', 'p'], []]] },
      submittedAt: 1,
    },
  };

  it('drops the rollback copy and the context, keeping the request', () => {
    const stored = mutationForDisk(base);
    expect(stored.state.variables).toEqual({ taskId: 't1', status: 'DONE', index: 0 });
    expect(stored.state.context).toBeUndefined();
    expect(stored.mutationKey).toEqual(['kanban-update']);
  });

  it('leaves variables without a copy as they are', () => {
    const variables = { taskId: 't1', content: { ops: [] } };
    expect(mutationForDisk({ ...base, state: { ...base.state, variables } }).state.variables).toBe(variables);
  });
});

describe('the offline copy of what was read', () => {
  it('keeps a query whose read again failed, as the answer it still holds, and hydrates it as one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const project = { id: 'p', name: 'Chores' };
    client.setQueryData(['project', 'p'], project);
    // The network went down: reading the project again fails, the data stays.
    await client
      .fetchQuery({
        queryKey: ['project', 'p'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => {});
    expect(client.getQueryState(['project', 'p'])?.status).toBe('error');
    // A query that never had an answer has nothing to keep.
    await client
      .fetchQuery({
        queryKey: ['tasks', 'p'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => {});

    const stored = throughDisk(snapshotForDisk(client).state);

    expect(stored.queries.map((query) => query.queryKey)).toEqual([['project', 'p']]);
    expect(stored.queries[0]?.state).toMatchObject({ status: 'success', error: null, data: project });
    const reloaded = new QueryClient();
    hydrate(reloaded, stored);
    expect(reloaded.getQueryState(['project', 'p'])).toMatchObject({ status: 'success', data: project });
  });
});
