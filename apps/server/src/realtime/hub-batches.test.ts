// @database pglite
import { type BatchFrame, topics } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Frame,
  openHub,
  PROJECT,
  RecordingSocket,
  taskChanged,
  taskLoader,
} from '../../test/realtime/hub-world.ts';
import { createInProcessBus } from './bus.ts';
import type { RealtimeHub } from './hub.ts';

const TASKS = ['3', '4', '5'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const board = topics.tasks(PROJECT);
/** A read that takes a while. */
const loader = taskLoader(5);
/** The frames that carry events. */
const carrying = (socket: RecordingSocket): Frame[] =>
  socket.frames().filter((frame) => ['event', 'events', 'batch'].includes(frame.type));

let hub: RealtimeHub;
const bus = createInProcessBus();

async function listening(protocol?: number, topic: string = board): Promise<RecordingSocket> {
  const socket = new RecordingSocket();
  const user = { userId: `user-${Math.random()}`, firstname: 'A', lastname: 'B' };
  const connection = await hub.accept(socket, { user, revalidate: async () => true, protocol });
  hub.receive(connection, JSON.stringify({ type: 'subscribe', topic }));
  await vi.waitFor(() => expect(socket.frames().some((frame) => frame.type === 'subscribed')).toBe(true));
  return socket;
}

beforeEach(() => {
  hub = openHub(bus, loader);
});
afterEach(async () => {
  await hub.close();
});

describe('the hub sending a batch', () => {
  it("gives each socket its share of a batch in one frame, however far apart its events' fan-outs end", async () => {
    const current = await listening();
    const old = await listening(3);
    // Someone has the first task's page open: that event's fan-out reads the task, the others' do not.
    const onPage = await listening(undefined, topics.task(TASKS[0]!));
    for (const [index, taskId] of TASKS.entries()) {
      await bus.publish(taskChanged(taskId, { id: 'bulk-1', size: 3, index }));
      await new Promise<void>((resolve) => setTimeout(resolve, 2)); // other work between them
    }
    await vi.waitFor(() => expect(carrying(current)).toHaveLength(1));
    const [frame] = carrying(current) as unknown as BatchFrame[];
    expect(frame).toMatchObject({ type: 'batch', id: 'bulk-1' });
    expect(frame!.events.map((event) => event.id)).toEqual(TASKS);
    // The page's socket sees only its task, as a batch of one.
    await vi.waitFor(() => expect(carrying(onPage)).toHaveLength(1));
    expect(carrying(onPage)[0]!.events!.map((event) => event.id)).toEqual([TASKS[0]]);
    // A client of protocol 3 gets the same events, without a batch frame.
    await vi.waitFor(() => {
      const events = carrying(old).flatMap((one) => one.events ?? [one]);
      expect(events.map((event) => event.id)).toEqual(TASKS);
    });
    expect(carrying(old).some((one) => one.type === 'batch')).toBe(false);
  });

  it('sends a single change as an event frame, and a batch missing an event after a while without it', async () => {
    const current = await listening();
    await bus.publish(taskChanged(TASKS[0]!));
    await vi.waitFor(() => expect(carrying(current)).toMatchObject([{ type: 'event', id: TASKS[0] }]));
    // Two of three events ever arrive: the batch leaves once it has waited 2 s.
    const started = Date.now();
    await bus.publish(taskChanged(TASKS[1]!, { id: 'bulk-2', size: 3, index: 0 }));
    await bus.publish(taskChanged(TASKS[2]!, { id: 'bulk-2', size: 3, index: 2 }));
    await vi.waitFor(() => expect(carrying(current)).toHaveLength(2), { timeout: 4_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(carrying(current)[1]!.events!.map((event) => event.id)).toEqual([TASKS[1], TASKS[2]]);
  });
});
