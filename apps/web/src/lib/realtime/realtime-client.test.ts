import { type EventFrame, PROTOCOL_VERSION, type ServerFrame } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeHandlers } from './realtime-client';

/** Stands in for the browser's WebSocket: records what the client sends, lets the test answer. */
class FakeSocket {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.receive({ type: 'hello', protocol: PROTOCOL_VERSION, connectionId: 'c', heartbeatMs: 30_000 });
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server went away without a goodbye. */
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

let sockets: FakeSocket[];
let handlers: RealtimeHandlers & { resyncs: number; statuses: string[] };
let online: boolean;

function newClient() {
  return new RealtimeClient(handlers, {
    url: 'http://figgle.test',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    isOnline: () => online,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  online = true;
  handlers = {
    resyncs: 0,
    statuses: [],
    onEvent: vi.fn(),
    onPresence: vi.fn(),
    onResync: () => {
      handlers.resyncs += 1;
    },
    onStatus: (status) => handlers.statuses.push(status),
  };
});
afterEach(() => vi.useRealTimers());

/** A live event of a change to task `id` (of project p, organization o), as the server sends it on `topic`. */
function taskEvent(topic: string, id: string): EventFrame {
  return {
    type: 'event',
    topic,
    kind: 'task',
    action: 'updated',
    id,
    organizationId: 'o',
    projectId: 'p',
    taskId: id,
    actorId: null,
    data: { id },
  };
}

describe('RealtimeClient', () => {
  it('connects with the protocol version and subscribes once per topic, whatever the number of callers', () => {
    const client = newClient();
    const releaseA = client.subscribe('inbox');
    const releaseB = client.subscribe('inbox');
    client.setRoute('/task/1');
    client.start();
    expect(sockets[0]!.url).toBe(`ws://figgle.test/api/realtime?v=${PROTOCOL_VERSION}`);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', topic: 'inbox' },
      { type: 'presence', route: '/task/1' },
    ]);
    releaseA();
    expect(sockets[0]!.sent).toHaveLength(2);
    releaseB();
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'inbox' });
  });

  it('hands over each event of an events frame, in order, as if it had come alone', () => {
    const client = newClient();
    client.start();
    sockets[0]!.open();
    const event = (id: string) => taskEvent('my-tasks', id);
    sockets[0]!.receive(event('t1'));
    sockets[0]!.receive({ type: 'events', events: [event('t2'), event('t3')] });
    expect(vi.mocked(handlers.onEvent).mock.calls.map(([frame]) => frame.id)).toEqual(['t1', 't2', 't3']);
  });

  it('hands a batch frame over whole to onBatch, or event by event without one', () => {
    const event = (id: string) => taskEvent('tasks:p', id);
    const batches: string[][] = [];
    handlers.onBatch = (events) => batches.push(events.map((frame) => frame.id));
    const client = newClient();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'batch', id: 'b1', events: [event('t1'), event('t2')] });
    expect(batches).toEqual([['t1', 't2']]);
    expect(handlers.onEvent).not.toHaveBeenCalled();
    client.stop();

    handlers.onBatch = undefined;
    const plain = newClient();
    plain.start();
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'batch', id: 'b2', events: [event('t3'), event('t4')] });
    expect(vi.mocked(handlers.onEvent).mock.calls.map(([frame]) => frame.id)).toEqual(['t3', 't4']);
  });

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, re-subscribes and asks for a resync', () => {
    const client = newClient();
    client.subscribe('my-tasks');
    client.start();
    sockets[0]!.open();
    expect(handlers.resyncs).toBe(0);

    const waits = [1000, 2000, 5000, 10_000, 10_000];
    for (const [attempt, wait] of waits.entries()) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(attempt + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 2);
    }
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent).toEqual([{ type: 'subscribe', topic: 'my-tasks' }]);
    expect(handlers.resyncs).toBe(1);

    // A success resets the back-off.
    sockets.at(-1)!.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(waits.length + 2);
  });

  it('pings every 30 s and reconnects when no pong comes back within 10 s', () => {
    const client = newClient();
    client.start();
    sockets[0]!.open();
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping', ref: 1 });
    sockets[0]!.receive({ type: 'pong', ref: 1 });
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping', ref: 2 });
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('waits for the network instead of retrying while offline', () => {
    const client = newClient();
    client.start();
    sockets[0]!.open();
    online = false;
    sockets[0]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(handlers.statuses.at(-1)).toBe('offline');
    online = true;
    client.retryNow();
    expect(sockets).toHaveLength(2);
  });

  it('says which topic changed just before its subscription, and when', () => {
    const changed = vi.fn();
    handlers.onChangedBeforeSubscribing = changed;
    const client = newClient();
    client.subscribe('tasks:p1');
    client.subscribe('inbox');
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'subscribed', topic: 'inbox' });
    sockets[0]!.receive({ type: 'subscribed', topic: 'tasks:p1', lastEventMsAgo: 420 });
    expect(changed.mock.calls).toEqual([['tasks:p1', 420]]);
  });

  it('does not ask again for a topic the server refused', () => {
    const refused = 'task:00000000-0000-4000-8000-000000000000';
    const client = newClient();
    client.subscribe(refused);
    client.subscribe('inbox');
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'error', code: 'forbidden', message: 'no', topic: refused });
    sockets[0]!.drop();
    vi.advanceTimersByTime(1000);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', topic: 'inbox' }]);
  });

  it('stops for good when the server says the page is too old', () => {
    const client = newClient();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'error', code: 'client-too-old', message: 'reload' });
    sockets[0]!.close(4426);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(handlers.statuses.at(-1)).toBe('outdated');
  });
});
