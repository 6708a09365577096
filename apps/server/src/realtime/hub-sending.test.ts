// @database pglite
import { topics } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BusEvent, createInProcessBus } from './bus.ts';
import type { RealtimeSocket } from './connection.ts';
import type { EntityLoader } from './fan-out.ts';
import { RealtimeHub } from './hub.ts';
import type { SharedFrame } from './shared-frame.ts';

/** Records every frame, its own or shared, as text. */
class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly texts: string[] = [];
  sendText(text: string): void {
    this.texts.push(text);
  }
  sendShared(frame: SharedFrame): void {
    this.texts.push(frame.text);
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
  events(): Array<{ type: string; events?: unknown[] }> {
    return this.texts.map((text) => JSON.parse(text)).filter((frame) => frame.type.startsWith('event'));
  }
}

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const PROJECT = '00000000-0000-4000-8000-000000000002';
const TASK_1 = '00000000-0000-4000-8000-000000000003';
const TASK_2 = '00000000-0000-4000-8000-000000000004';
const board = topics.tasks(PROJECT);
/** Board-only events use the writer's summary (LocalFacts); a task with its page open is read. */
const loader = {
  task: async (taskId: string) => {
    await new Promise<void>((resolve) => setTimeout(resolve, 0)); // a read: another turn of the loop
    return { summary: { task_id: taskId }, detail: { task_id: taskId }, myTask: null };
  },
} as unknown as EntityLoader;
const silent = { warn: () => {}, error: () => {} };
/** Lets every promise callback run, without letting the end of the turn (setImmediate, faked) come. */
const promiseCallbacksDone = () => new Promise((resolve) => setTimeout(resolve, 0));

const moved = (taskId: string): BusEvent => ({
  kind: 'task',
  action: 'updated',
  id: taskId,
  organizationId: ORGANIZATION,
  projectId: PROJECT,
  taskId,
  actorId: 'someone-else',
});
const summary = (taskId: string) => ({ taskSummary: JSON.stringify({ task_id: taskId }) });

let hub: RealtimeHub;
let sockets: RecordingSocket[];
const bus = createInProcessBus();

beforeEach(async () => {
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
  sockets = [new RecordingSocket(), new RecordingSocket()];
  for (const [index, socket] of sockets.entries()) {
    const user = { userId: `user-${index}`, firstname: 'A', lastname: 'B' };
    const connection = await hub.accept(socket, { user, revalidate: async () => true });
    hub.receive(connection, JSON.stringify({ type: 'subscribe', topic: board }));
  }
  await vi.waitFor(() => {
    for (const socket of sockets)
      expect(JSON.parse(socket.texts[1] ?? '{}')).toMatchObject({ type: 'subscribed' });
  });
  vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate'] });
});

afterEach(async () => {
  vi.useRealTimers();
  await hub.close();
});

describe('the hub sending what a fan-out queued', () => {
  it('sends an event as soon as its fan-out is done, not at the end of the turn', async () => {
    await bus.publish(moved(TASK_1), summary(TASK_1));
    await promiseCallbacksDone();
    for (const socket of sockets) {
      expect(socket.events()).toMatchObject([{ type: 'event', id: TASK_1, data: { task_id: TASK_1 } }]);
    }
  });

  it('still gives each socket one frame for events delivered together, one of them read first', async () => {
    // Someone has TASK_1's page open: its fan-out reads the task, TASK_2's does not.
    const onPage = new RecordingSocket();
    const reader = await hub.accept(onPage, {
      user: { userId: 'user-9', firstname: 'A', lastname: 'B' },
      revalidate: async () => true,
    });
    hub.receive(reader, JSON.stringify({ type: 'subscribe', topic: topics.task(TASK_1) }));
    await promiseCallbacksDone();
    await Promise.all([
      bus.publish(moved(TASK_1), summary(TASK_1)),
      bus.publish(moved(TASK_2), summary(TASK_2)),
    ]);
    await promiseCallbacksDone();
    await promiseCallbacksDone();
    for (const socket of sockets) {
      const frames = socket.events();
      expect(frames).toHaveLength(1);
      expect(frames[0]).toMatchObject({ type: 'events' });
      expect(frames[0]!.events!.map((event) => (event as { id: string }).id).sort()).toEqual([
        TASK_1,
        TASK_2,
      ]);
    }
    expect(onPage.events()).toMatchObject([{ type: 'event', id: TASK_1 }]);
  });
});
