// @database pglite
import type { EventsFrame } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection, type RealtimeSocket } from '../../src/realtime/connection.ts';
import { EventOutbox } from '../../src/realtime/outbox.ts';
import { OutgoingEvent } from '../../src/realtime/outgoing-event.ts';
import type { SharedFrame } from '../../src/realtime/shared-frame.ts';

const limits = { burst: 100, perSecond: 20, maxDropped: 200, maxBadFrames: 20 };
/** What a socket write costs on the outbox's clock, in ms. */
const WRITE_MS = 1;
let spent = 0;
const clock = () => Date.now() + spent;

/** Records what goes out, and makes each write cost WRITE_MS on the outbox's clock. */
class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Array<string | SharedFrame> = [];
  sendText(text: string): void {
    spent += WRITE_MS;
    this.sent.push(text);
  }
  sendShared(frame: SharedFrame): void {
    spent += WRITE_MS;
    this.sent.push(frame);
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
  texts(): string[] {
    return this.sent.map((frame) => (typeof frame === 'string' ? frame : frame.text));
  }
}

function connections(count: number): Array<{ connection: Connection; socket: RecordingSocket }> {
  return Array.from({ length: count }, (_, index) => {
    const socket = new RecordingSocket();
    const user = { userId: `user-${index % 3}`, firstname: 'A', lastname: 'B' };
    return { connection: new Connection(`c${index}`, user, new Set(['org']), socket, limits), socket };
  });
}

const event = (id: string) => new OutgoingEvent(JSON.stringify({ type: 'event', id }));
const ids = (text: string) => {
  const frame = JSON.parse(text) as { type: string; id?: string } | EventsFrame;
  return frame.type === 'events'
    ? (frame as EventsFrame).events.map((one) => one.id)
    : [(frame as { id: string }).id];
};

/** Twenty sockets that got `e1` from `outbox`: 20 writes at 1 ms, 10 ms over a 10 ms burst. */
function overBudgetBy10ms(outbox: EventOutbox) {
  const all = connections(20);
  const sockets = all.map(({ connection }) => connection);
  outbox.queue(sockets, event('e1'));
  vi.advanceTimersByTime(0);
  return { all, sockets };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
  spent = 0;
});
afterEach(() => vi.useRealTimers());

describe('the event outbox', () => {
  it('sends an event alone at the end of the turn, and what one turn produced for a socket in one frame', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const [a, b] = connections(2);
    outbox.queue([a!.connection], event('e1'));
    expect(a!.socket.sent).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(a!.socket.texts()).toEqual(['{"type":"event","id":"e1"}']);

    outbox.queue([a!.connection, b!.connection], event('e2'));
    outbox.queue([a!.connection], event('e3'));
    vi.advanceTimersByTime(0);
    expect(a!.socket.texts().slice(1).map(ids)).toEqual([['e2', 'e3']]);
    expect(JSON.parse(a!.socket.texts()[1]!)).toMatchObject({ type: 'events' });
    expect(b!.socket.texts().map(ids)).toEqual([['e2']]);
  });

  it('builds the frame once for sockets waiting for the same events', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const all = connections(5);
    const sockets = all.map(({ connection }) => connection);
    outbox.queue(sockets, event('e1'));
    outbox.queue(sockets, event('e2'));
    outbox.flush();
    const sent = all.map(({ socket }) => socket.sent[0]);
    expect(new Set(sent).size).toBe(1);
    expect(ids(all[0]!.socket.texts()[0]!)).toEqual(['e1', 'e2']);
  });

  it('delivers the waiting events before any other frame to the same socket', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const [a] = connections(1);
    outbox.queue([a!.connection], event('e1'));
    a!.connection.send({ type: 'pong', ref: 1 });
    vi.advanceTimersByTime(0);
    expect(a!.socket.texts()).toEqual(['{"type":"event","id":"e1"}', '{"type":"pong","ref":1}']);
  });

  it('sends an event queued after the waiting ones went out ahead of another frame once', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const [a] = connections(1);
    outbox.queue([a!.connection], event('e1'));
    a!.connection.send({ type: 'pong', ref: 1 });
    outbox.queue([a!.connection], event('e2'));
    vi.advanceTimersByTime(0);
    expect(a!.socket.texts().map((text) => JSON.parse(text).ref ?? ids(text))).toEqual([['e1'], 1, ['e2']]);
  });

  it('splits a long backlog into frames of at most 200 events', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const [a] = connections(1);
    for (let i = 0; i < 450; i++) outbox.queue([a!.connection], event(`e${i}`));
    outbox.flush();
    expect(a!.socket.texts().map((text) => ids(text).length)).toEqual([200, 200, 50]);
    expect(a!.socket.texts().flatMap(ids)).toEqual(Array.from({ length: 450 }, (_, i) => `e${i}`));
  });

  it('waits, when sending took more than its share of the time, and sends what piled up together', () => {
    // Sending may take half the time, with 10 ms to spend at once.
    const outbox = new EventOutbox({ share: 0.5, burstMs: 10, now: clock, saturated: () => false });
    const { all, sockets } = overBudgetBy10ms(outbox);
    // 10 ms over budget, earned back in 20 ms at half the clock.
    expect(all.every(({ socket }) => socket.sent.length === 1)).toBe(true);

    outbox.queue(sockets, event('e2'));
    outbox.queue(sockets, event('e3'));
    vi.advanceTimersByTime(19);
    expect(all.every(({ socket }) => socket.sent.length === 1)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(all.map(({ socket }) => socket.texts().slice(1).map(ids))).toEqual(all.map(() => [['e2', 'e3']]));
  });

  it('takes a smaller share of the time when the server has no idle time left', () => {
    let saturated = false;
    const outbox = new EventOutbox({
      share: 0.5,
      saturatedShare: 0.25,
      burstMs: 10,
      now: clock,
      saturated: () => saturated,
    });
    const { all, sockets } = overBudgetBy10ms(outbox);
    saturated = true;
    // 10 ms over budget, earned back in 40 ms at a quarter of the clock.
    outbox.queue(sockets, event('e2'));
    vi.advanceTimersByTime(39);
    expect(all.every(({ socket }) => socket.sent.length === 1)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(all.every(({ socket }) => socket.sent.length === 2)).toBe(true);
  });

  it('sends at once again after a quiet spell', () => {
    const outbox = new EventOutbox({ share: 0.5, burstMs: 10, now: clock, saturated: () => false });
    const { all, sockets } = overBudgetBy10ms(outbox);
    vi.advanceTimersByTime(1_000);
    outbox.queue(sockets, event('e2'));
    vi.advanceTimersByTime(0);
    expect(all.every(({ socket }) => socket.sent.length === 2)).toBe(true);
  });

  it("sends what an event's fan-out queued at once when told, while the budget allows", () => {
    const outbox = new EventOutbox({ share: 0.5, burstMs: 10, now: clock, saturated: () => false });
    const [a, b] = connections(2);
    outbox.queue([a!.connection, b!.connection], event('e1'));
    outbox.queue([a!.connection], event('e2'));
    outbox.sendNow();
    // Without waiting for the end of the turn, and still one frame for what one fan-out gave a socket.
    expect(a!.socket.texts().map(ids)).toEqual([['e1', 'e2']]);
    expect(b!.socket.texts().map(ids)).toEqual([['e1']]);
    vi.advanceTimersByTime(0);
    expect(a!.socket.sent).toHaveLength(1);
  });

  it('leaves a fan-out for more sockets than it sends to at once to the end of the turn', () => {
    const outbox = new EventOutbox({ sendNowMaxSockets: 3, now: clock, saturated: () => false });
    const all = connections(4);
    outbox.queue(
      all.map(({ connection }) => connection),
      event('e1'),
    );
    outbox.sendNow();
    expect(all.every(({ socket }) => socket.sent.length === 0)).toBe(true);
    vi.advanceTimersByTime(0);
    expect(all.every(({ socket }) => socket.sent.length === 1)).toBe(true);
  });

  it('waits for the budget when told to send at once after it was spent', () => {
    const outbox = new EventOutbox({ share: 0.5, burstMs: 10, now: clock, saturated: () => false });
    const { all, sockets } = overBudgetBy10ms(outbox);
    outbox.queue(sockets, event('e2'));
    outbox.sendNow();
    expect(all.every(({ socket }) => socket.sent.length === 1)).toBe(true);
    vi.advanceTimersByTime(20);
    expect(all.every(({ socket }) => socket.sent.length === 2)).toBe(true);
  });

  it('sends nothing to a closed socket and drops what waited at close', () => {
    const outbox = new EventOutbox({ now: clock, saturated: () => false });
    const [a, b] = connections(2);
    a!.connection.closed = true;
    outbox.queue([a!.connection, b!.connection], event('e1'));
    outbox.close();
    vi.advanceTimersByTime(10);
    expect(a!.socket.sent).toEqual([]);
    expect(b!.socket.sent).toEqual([]);
  });
});
