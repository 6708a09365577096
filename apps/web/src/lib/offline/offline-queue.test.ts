import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api-client';
import { queuedChangeDefaults, wasQueued } from './offline-queue';

const statusKey = ['update-task'];
const commentKey = ['create-comment'];

/** A client whose queueable keys get the queue's defaults, as app/offline-mutations.ts registers them. */
function clientSending(sent: string[], refuse: (name: string) => boolean = () => false): QueryClient {
  const client = new QueryClient();
  // As the provider does: the client resumes waiting changes when the network returns.
  client.mount();
  for (const mutationKey of [statusKey, commentKey]) {
    client.setMutationDefaults(mutationKey, {
      ...queuedChangeDefaults,
      mutationFn: async (name: unknown) => {
        if (refuse(String(name)))
          throw new ApiRequestError({ statusCode: 404, code: 'NOT_FOUND', message: 'Task not found.' });
        sent.push(String(name));
        return name;
      },
    });
  }
  return client;
}

const settled = (client: QueryClient) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (client.isMutating() === 0) resolve();
      else setTimeout(check, 5);
    };
    check();
  });

describe('the queue of changes made offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('sends a status change made through a hook last drawn online, then the comment after it (issue 39, item 1)', async () => {
    const sent: string[] = [];
    const client = clientSending(sent);
    // The status picker's hook was drawn (its options built) while the page was online.
    const statusHook = new MutationObserver<unknown, unknown, string>(client, { mutationKey: statusKey });
    onlineManager.setOnline(false);
    void statusHook.mutate('status').catch(() => {});
    // The write area is drawn again after the network went.
    const commentHook = new MutationObserver<unknown, unknown, string>(client, { mutationKey: commentKey });
    void commentHook.mutate('comment').catch(() => {});
    // The status picker is drawn again too: its options reach the waiting change.
    statusHook.setOptions({ mutationKey: statusKey });
    await Promise.resolve();
    expect(client.getMutationCache().getAll().every(wasQueued)).toBe(true);

    onlineManager.setOnline(true);
    await settled(client);

    expect(sent).toEqual(['status', 'comment']);
  });

  it('goes on after a refused change: the ones after it are still sent, once each', async () => {
    const sent: string[] = [];
    const client = clientSending(sent, (name) => name === 'first');
    onlineManager.setOnline(false);
    const results = ['first', 'second', 'third'].map((name) =>
      new MutationObserver<unknown, unknown, string>(client, {
        mutationKey: name === 'second' ? commentKey : statusKey,
      })
        .mutate(name)
        .then(
          () => 'sent',
          () => 'refused',
        ),
    );

    onlineManager.setOnline(true);

    expect(await Promise.all(results)).toEqual(['refused', 'sent', 'sent']);
    expect(sent).toEqual(['second', 'third']);
  });

  it('does not fail a change whose request never reached the server: it waits for the connection', async () => {
    let attempts = 0;
    // The health check's answer comes after the network is back: it must not count the app offline.
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
    const client = new QueryClient();
    client.mount();
    client.setMutationDefaults(statusKey, {
      ...queuedChangeDefaults,
      retryDelay: 0,
      mutationFn: async () => {
        attempts += 1;
        if (attempts === 1) {
          // The request fails for want of a network, and the app learns it is offline.
          onlineManager.setOnline(false);
          throw new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'No network.' });
        }
        return 'saved';
      },
    });
    const change = new MutationObserver<unknown, unknown, string>(client, { mutationKey: statusKey }).mutate(
      'status',
    );
    // Waited for, not slept on: on a busy machine the pause comes later than any fixed sleep.
    await vi.waitFor(() =>
      expect(client.getMutationCache().getAll()[0]?.state).toMatchObject({
        status: 'pending',
        isPaused: true,
      }),
    );

    onlineManager.setOnline(true);

    await expect(change).resolves.toBe('saved');
    expect(attempts).toBe(2);
  });
});
