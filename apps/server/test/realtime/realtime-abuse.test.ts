// @database pglite
import { CLOSE_CODES, type EventFrame, SOCKETS_PER_SESSION, topics } from '@figgle/shared/realtime-protocol';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it, vi } from 'vitest';
import { realtimeHubOf } from '../../src/features/realtime/routes.ts';
import { eventsOn, TestSocket } from './realtime-socket.ts';
import { type RealtimeWorld, realtimeWorldPerFile } from './realtime-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

/** The server still serves: HTTP answers and a fresh socket gets events. */
async function expectServerHealthy(): Promise<void> {
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const probe = await TestSocket.open(server.url, { cookie: world.owner.cookie });
  await probe.subscribe(topics.tasks(world.projectId));
  const mark = probe.mark();
  await world.member.api(`/api/tasks/${world.taskId}`, {
    method: 'PATCH',
    body: { title: `Title ${Date.now()}` },
  });
  await probe.next<EventFrame>(eventsOn(topics.tasks(world.projectId)), mark);
  probe.close();
}

describe('sockets per session, person and address', () => {
  it('refuses the socket past the cap of one session with 4430, and keeps the others open', async () => {
    const opened: TestSocket[] = [];
    try {
      for (let i = 0; i < SOCKETS_PER_SESSION; i++)
        opened.push(await TestSocket.open(server.url, { cookie: world.member.cookie }));
      // 300 sockets in under 2 s were all accepted: each holds memory and a share of every fan-out.
      const extra = TestSocket.connect(server.url, { cookie: world.member.cookie });
      expect(await extra.closed).toEqual({
        code: CLOSE_CODES.tooManySockets,
        reason: 'Too many connections',
      });
      // Another person is not held back, and a closed socket frees its place.
      (await TestSocket.open(server.url, { cookie: world.owner.cookie })).close();
      const first = opened.shift() as TestSocket;
      first.close();
      await first.closed;
      await vi.waitFor(async () => {
        const again = await TestSocket.open(server.url, { cookie: world.member.cookie });
        opened.push(again);
      });
    } finally {
      for (const socket of opened) socket.close();
    }
    await expectServerHealthy();
  });
});

describe('bad input on the socket', () => {
  it('answers malformed and unknown frames with bad-frame errors and keeps the socket open', async () => {
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    const frames = [
      'not json',
      '[1,2,3]',
      '"a string"',
      'null',
      JSON.stringify({ type: 'shutdown' }),
      JSON.stringify({ type: 'subscribe' }),
      JSON.stringify({ type: 'subscribe', topic: 42 }),
      JSON.stringify({ type: 'presence', route: 'x'.repeat(500) }),
      JSON.stringify({ type: 'ping', ref: 'abc' }),
      JSON.stringify({ type: 'subscribe', topic: 'x'.repeat(1000) }),
    ];
    const mark = socket.mark();
    for (const frame of frames) socket.send(frame);
    socket.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    await vi.waitFor(() => expect(socket.frames.length - mark).toBe(frames.length + 1));
    const answers = socket.frames.slice(mark);
    expect(answers.every((frame) => frame.type === 'error' && frame.code === 'bad-frame')).toBe(true);
    socket.send({ type: 'ping', ref: 1 });
    await expect(socket.next((f) => f.type === 'pong', mark)).resolves.toEqual({ type: 'pong', ref: 1 });
    socket.close();
  });

  it('closes a socket that keeps sending garbage', async () => {
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    for (let i = 0; i < 30; i++) socket.send('{');
    expect((await socket.closed).code).toBe(4400);
    await expectServerHealthy();
  });

  it('closes a socket that sends a frame over 64 KB', async () => {
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    socket.send(JSON.stringify({ type: 'presence', route: 'x'.repeat(70 * 1024) }));
    expect((await socket.closed).code).toBe(1009);
    await expectServerHealthy();
  });

  it('rate-limits a flood, then closes the socket; other users are not affected', async () => {
    const bystander = await TestSocket.open(server.url, { cookie: world.owner.cookie });
    await bystander.subscribe(topics.task(world.taskId));
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    for (let i = 0; i < 1000; i++)
      socket.send({ type: 'subscribe', topic: topics.task(world.outsiderTaskId) });
    await expect(socket.next((f) => f.type === 'error' && f.code === 'rate-limited')).resolves.toMatchObject({
      message: 'Too many frames: slow down.',
    });
    expect((await socket.closed).code).toBe(4429);
    expect(socket.frames.filter((f) => f.type === 'subscribed' || f.type === 'event')).toEqual([]);

    const mark = bystander.mark();
    await world.owner.api(`/api/tasks/${world.taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await bystander.next(eventsOn(topics.task(world.taskId)), mark);
    await expectServerHealthy();
  });

  it('caps the number of topics one socket holds', async () => {
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    // 200 distinct topics are accepted (forbidden ones do not count), the next is refused.
    const own = [
      topics.myTasks,
      topics.inbox,
      topics.figmaEvents,
      topics.presence,
      topics.tasks(world.projectId),
    ];
    for (const topic of own) await socket.subscribe(topic);
    const hub = realtimeHubOf(server.deps)!;
    const connection = [...hub.connections.values()].find(
      (c) => c.user.userId === world.member.userId && c.subscriptions.size === own.length,
    )!;
    for (let i = connection.subscriptions.size; i < 200; i++)
      connection.subscriptions.set(`task:filler-${i}`, null);
    expect(await socket.subscribe(topics.task(world.taskId))).toMatchObject({
      type: 'error',
      code: 'too-many-subscriptions',
    });
    socket.close();
  });
});
