// @database pglite
import { type BatchFrame, topics } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BusEvent, createInProcessBus } from './bus.ts';
import type { RealtimeSocket } from './connection.ts';
import type { EntityLoader } from './fan-out.ts';
import { RealtimeHub } from './hub.ts';
import type { SharedFrame } from './shared-frame.ts';

/** A frame as received: its type, and the events of an `events` or `batch` frame. */
type Frame = { type: string; id?: string; events?: Frame[] };

/** Records every frame, its own or shared, parsed. */
class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: Frame[] = [];
  sendText(text: string): void {
    this.frames.push(JSON.parse(text));
  }
  sendShared(frame: SharedFrame): void {
    this.frames.push(JSON.parse(frame.text));
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
  carrying(): Frame[] {
    return this.frames.filter((frame) => ['event', 'events', 'batch'].includes(frame.type));
  }
}

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const PROJECT = '00000000-0000-4000-8000-000000000002';
const TASKS = ['3', '4', '5'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const board = topics.tasks(PROJECT);
const loader = {
  task: async (taskId: string) => {
    await new Promise<void>((resolve) => setTimeout(resolve, 5)); // a read that takes a while
    return { summary: { task_id: taskId }, detail: { task_id: taskId }, myTask: null };
  },
} as unknown as EntityLoader;
const silent = { warn: () => {}, error: () => {} };

const changed = (taskId: string, batch?: BusEvent['batch']): BusEvent => ({
  kind: 'task',
  action: 'updated',
  id: taskId,
  organizationId: ORGANIZATION,
  projectId: PROJECT,
  taskId,
  actorId: 'someone-else',
  batch,
});

let hub: RealtimeHub;
const bus = createInProcessBus();

async function listening(protocol?: number, topic: string = board): Promise<RecordingSocket> {
  const socket = new RecordingSocket();
  const user = { userId: `user-${Math.random()}`, firstname: 'A', lastname: 'B' };
  const connection = await hub.accept(socket, { user, revalidate: async () => true, protocol });
  hub.receive(connection, JSON.stringify({ type: 'subscribe', topic }));
  await vi.waitFor(() => expect(socket.frames.some((frame) => frame.type === 'subscribed')).toBe(true));
  return socket;
}

beforeEach(() => {
  hub = new RealtimeHub({
    bus,
    access: {
      authorize: async () => ({ organizationId: ORGANIZATION }),
      routeOrganization: async () => null,
      organizationsOf: async () => [ORGANIZATION],
    },
    loader,
    log: silent,
  });
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
      await bus.publish(changed(taskId, { id: 'bulk-1', size: 3, index }));
      await new Promise<void>((resolve) => setTimeout(resolve, 2)); // other work between them
    }
    await vi.waitFor(() => expect(current.carrying()).toHaveLength(1));
    const [frame] = current.carrying() as unknown as BatchFrame[];
    expect(frame).toMatchObject({ type: 'batch', id: 'bulk-1' });
    expect(frame!.events.map((event) => event.id)).toEqual(TASKS);
    // The page's socket sees only its task, as a batch of one.
    await vi.waitFor(() => expect(onPage.carrying()).toHaveLength(1));
    expect(onPage.carrying()[0]!.events!.map((event) => event.id)).toEqual([TASKS[0]]);
    // A client of protocol 3 gets the same events, without a batch frame.
    await vi.waitFor(() => {
      const events = old.carrying().flatMap((one) => one.events ?? [one]);
      expect(events.map((event) => event.id)).toEqual(TASKS);
    });
    expect(old.carrying().some((one) => one.type === 'batch')).toBe(false);
  });

  it('sends a single change as an event frame, and a batch missing an event after a while without it', async () => {
    const current = await listening();
    await bus.publish(changed(TASKS[0]!));
    await vi.waitFor(() => expect(current.carrying()).toMatchObject([{ type: 'event', id: TASKS[0] }]));
    // Two of three events ever arrive: the batch leaves once it has waited 2 s.
    const started = Date.now();
    await bus.publish(changed(TASKS[1]!, { id: 'bulk-2', size: 3, index: 0 }));
    await bus.publish(changed(TASKS[2]!, { id: 'bulk-2', size: 3, index: 2 }));
    await vi.waitFor(() => expect(current.carrying()).toHaveLength(2), { timeout: 4_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(current.carrying()[1]!.events!.map((event) => event.id)).toEqual([TASKS[1], TASKS[2]]);
  });
});
