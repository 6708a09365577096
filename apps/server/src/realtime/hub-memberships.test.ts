// @database pglite
import { topics } from '@figgle/shared/realtime-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Bus, createInProcessBus } from './bus.ts';
import type { RealtimeSocket } from './connection.ts';
import type { EntityLoader } from './fan-out.ts';
import { RealtimeHub } from './hub.ts';
import type { SharedFrame } from './shared-frame.ts';

/**
 * With several servers, a member removed while this server's LISTEN connection was down never
 * reaches it as an event: after the reconnection (a resync), the hub reads each connected person's
 * organizations again and acts on what changed (issue 37, item 7).
 */
class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: Array<Record<string, unknown>> = [];
  sendText(text: string): void {
    this.frames.push(JSON.parse(text) as Record<string, unknown>);
  }
  sendShared(frame: SharedFrame): void {
    this.frames.push(JSON.parse(frame.payload.toString()) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
}

const PROJECT = '11111111-1111-4111-8111-111111111111';
const ORGANIZATION = 'org-1';

let hubs: RealtimeHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  hubs = [];
});

/** A bus whose reconnection the test triggers, and the organizations the database holds for Mia. */
function world() {
  const base = createInProcessBus();
  const resyncs: Array<() => void> = [];
  const bus: Bus = {
    ...base,
    onResync: (handler) => {
      resyncs.push(handler);
      return () => {};
    },
  };
  const memberships = new Set([ORGANIZATION]);
  const hub = new RealtimeHub({
    bus,
    access: {
      authorize: async () => (memberships.has(ORGANIZATION) ? { organizationId: ORGANIZATION } : 'forbidden'),
      routeOrganization: async () => null,
      organizationsOf: async () => [...memberships],
    },
    loader: {} as EntityLoader,
    log: { warn: () => {}, error: () => {} },
  });
  hubs.push(hub);
  return {
    hub,
    memberships,
    reconnected: () => {
      for (const handler of resyncs) handler();
    },
  };
}

describe('memberships after the bus comes back', () => {
  it('drops the topics of an organization the person left meanwhile, with a forbidden error', async () => {
    const { hub, memberships, reconnected } = world();
    const socket = new RecordingSocket();
    const user = { userId: 'mia', firstname: 'Mia', lastname: 'Member' };
    const connection = await hub.accept(socket, { user, revalidate: async () => true });
    hub.receive(connection, JSON.stringify({ type: 'subscribe', topic: topics.tasks(PROJECT) }));
    await vi.waitFor(() => expect(socket.frames.some((frame) => frame.type === 'subscribed')).toBe(true));

    // Removed through another server while this one heard nothing.
    memberships.delete(ORGANIZATION);
    reconnected();

    await vi.waitFor(() =>
      expect(socket.frames).toContainEqual(
        expect.objectContaining({ type: 'error', code: 'forbidden', topic: topics.tasks(PROJECT) }),
      ),
    );
    expect(connection.subscriptions.size).toBe(0);
    expect(connection.organizations.has(ORGANIZATION)).toBe(false);
  });

  it('keeps the topics of a person whose memberships did not change', async () => {
    const { hub, reconnected } = world();
    const socket = new RecordingSocket();
    const user = { userId: 'mia', firstname: 'Mia', lastname: 'Member' };
    const connection = await hub.accept(socket, { user, revalidate: async () => true });
    hub.receive(connection, JSON.stringify({ type: 'subscribe', topic: topics.tasks(PROJECT) }));
    await vi.waitFor(() => expect(connection.subscriptions.size).toBe(1));
    reconnected();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connection.subscriptions.size).toBe(1);
    expect(socket.frames.some((frame) => frame.type === 'error')).toBe(false);
  });
});
