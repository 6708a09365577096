// @database pglite
import { topics } from '@figgle/shared/realtime-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openHub, PROJECT, RecordingSocket, taskChanged, taskLoader } from '../../test/realtime/hub-world.ts';
import { createInProcessBus } from './bus.ts';
import type { RealtimeHub } from './hub.ts';

const TASK_1 = '00000000-0000-4000-8000-000000000003';
const TASK_2 = '00000000-0000-4000-8000-000000000004';
const board = topics.tasks(PROJECT);
/** Board-only events use the writer's summary (LocalFacts); a task with its page open is read. */
const loader = taskLoader(0);
/** Lets every promise callback run, without letting the end of the turn (setImmediate, faked) come. */
const promiseCallbacksDone = () => new Promise((resolve) => setTimeout(resolve, 0));

const summary = (taskId: string) => ({ taskSummary: JSON.stringify({ task_id: taskId }) });
/** The `event` and `events` frames. */
const eventsOf = (socket: RecordingSocket) =>
  socket.frames().filter((frame) => frame.type.startsWith('event'));

let hub: RealtimeHub;
let sockets: RecordingSocket[];
const bus = createInProcessBus();

beforeEach(async () => {
  hub = openHub(bus, loader);
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
    await bus.publish(taskChanged(TASK_1), summary(TASK_1));
    await promiseCallbacksDone();
    for (const socket of sockets) {
      expect(eventsOf(socket)).toMatchObject([{ type: 'event', id: TASK_1, data: { task_id: TASK_1 } }]);
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
      bus.publish(taskChanged(TASK_1), summary(TASK_1)),
      bus.publish(taskChanged(TASK_2), summary(TASK_2)),
    ]);
    await promiseCallbacksDone();
    await promiseCallbacksDone();
    for (const socket of sockets) {
      const frames = eventsOf(socket);
      expect(frames).toHaveLength(1);
      expect(frames[0]).toMatchObject({ type: 'events' });
      expect(frames[0]!.events!.map((event) => event.id).sort()).toEqual([TASK_1, TASK_2]);
    }
    expect(eventsOf(onPage)).toMatchObject([{ type: 'event', id: TASK_1 }]);
  });
});
