// @database pglite
import type { EventFrame, ServerFrame } from '@figgle/shared/realtime-protocol';
import { PROTOCOL_VERSION, topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser } from '@figgle/test-support/users';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember } from '../organizations/organizations-world.ts';
import { eventsOn, TestSocket } from './realtime-socket.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
  ruleIdOf,
} from './realtime-world.ts';

let server: TestServer;
let mail: MailCatcher;
let world: RealtimeWorld;
const sockets: TestSocket[] = [];

async function open(cookie: string): Promise<TestSocket> {
  const socket = await TestSocket.open(server.url, { cookie });
  sockets.push(socket);
  return socket;
}

realtimeWorldPerFile((started) => ({ server, mail, world } = started));
afterAll(() => {
  for (const socket of sockets) socket.close();
});

const isEvent = (frame: ServerFrame): frame is EventFrame => frame.type === 'event';

describe('GET /api/realtime: opening a socket', () => {
  it('refuses an upgrade without a session (401) and from another site (403)', async () => {
    expect(await TestSocket.connect(server.url).refusal()).toBe(401);
    const foreign = TestSocket.connect(server.url, {
      cookie: world.owner.cookie,
      origin: 'https://evil.example',
    });
    expect(await foreign.refusal()).toBe(403);
  });

  it('greets with the protocol version and answers pings', async () => {
    const socket = await open(world.owner.cookie);
    expect(socket.frames[0]).toMatchObject({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      heartbeatMs: 30_000,
    });
    socket.send({ type: 'ping', ref: 7 });
    expect(await socket.next((f) => f.type === 'pong')).toEqual({ type: 'pong', ref: 7 });
  });

  it('tells a client without a protocol version, or with one before events frames, that it is too old', async () => {
    for (const version of [null, 0, 1]) {
      const socket = TestSocket.connect(server.url, { cookie: world.owner.cookie, version });
      const error = await socket.next((f) => f.type === 'error');
      expect(error).toMatchObject({ type: 'error', code: 'client-too-old' });
      expect((await socket.closed).code).toBe(4426);
    }
  });
});

describe('events reach the sockets of the organization, shaped by the presenters', () => {
  it('delivers a status change to the board, the task page and my tasks, equal to what the API answers', async () => {
    const owner = await open(world.owner.cookie);
    await expect(owner.subscribe(topics.tasks(world.projectId))).resolves.toMatchObject({
      type: 'subscribed',
    });
    await owner.subscribe(topics.task(world.taskId));
    await owner.subscribe(topics.myTasks);

    const patched = await world.member.api(`/api/tasks/${world.taskId}`, {
      method: 'PATCH',
      body: { status: 'DOING', assignee_id: world.owner.userId },
    });
    expect(patched.status).toBe(200);

    const board = await owner.next<EventFrame>(eventsOn(topics.tasks(world.projectId)));
    const list = (await (
      await world.owner.api(`/api/projects/${world.projectId}/tasks`)
    ).json()) as unknown[];
    expect(board).toMatchObject({
      kind: 'task',
      action: 'updated',
      id: world.taskId,
      actorId: world.member.userId,
    });
    expect(board.data).toEqual(list[0]);

    const page = await owner.next<EventFrame>(eventsOn(topics.task(world.taskId)));
    expect(page.data).toEqual(await (await world.owner.api(`/api/tasks/${world.taskId}`)).json());

    const mine = await owner.next<EventFrame>(eventsOn(topics.myTasks));
    expect(mine.data).toEqual(((await (await world.owner.api('/api/my-tasks')).json()) as unknown[])[0]);
  });

  it('delivers a move to a socket on the board alone as the list and the move’s answer show it', async () => {
    // With only the board listening, the event carries the summary the write itself read back.
    const owner = await open(world.owner.cookie);
    await owner.subscribe(topics.tasks(world.projectId));

    const moved = await world.member.api('/api/kanban-update', {
      method: 'POST',
      body: { taskId: world.taskId, status: 'TODO', index: 0 },
    });
    expect(moved.status).toBe(200);

    const board = await owner.next<EventFrame>(eventsOn(topics.tasks(world.projectId)));
    const list = (await (await world.owner.api(`/api/projects/${world.projectId}/tasks`)).json()) as Array<{
      task_id: string;
    }>;
    expect(board).toMatchObject({ kind: 'task', action: 'updated', id: world.taskId });
    expect(board.data).toMatchObject({ task_id: world.taskId, status: 'TODO' });
    expect(board.data).toEqual(list.find((task) => task.task_id === world.taskId));
    expect(board.data).toEqual(await moved.json());
  });

  it('delivers project changes with each viewer’s own favorite star, and new tasks update the task count', async () => {
    const owner = await open(world.owner.cookie);
    const member = await open(world.member.cookie);
    await owner.subscribe(topics.projects(world.organizationId));
    await member.subscribe(topics.projects(world.organizationId));
    const star = await world.owner.api(`/api/projects/${world.projectId}/bookmark`, {
      method: 'PUT',
      body: {},
    });
    expect(star.status).toBe(200);

    const mark = member.mark();
    const ownerMark = owner.mark();
    const renamed = await world.member.api(`/api/projects/${world.projectId}`, {
      method: 'PATCH',
      body: { name: 'Website 2' },
    });
    expect(renamed.status).toBe(200);
    const seenByMember = await member.next<EventFrame>(eventsOn(topics.projects(world.organizationId)), mark);
    const seenByOwner = await owner.next<EventFrame>((f) => isEvent(f) && f.kind === 'project', ownerMark);
    expect(seenByMember.data).toMatchObject({ name: 'Website 2', is_bookmarked: false });
    expect(seenByOwner.data).toMatchObject({ name: 'Website 2', is_bookmarked: true });
    expect(member.since(mark, isEvent)).toHaveLength(1);

    const before = (seenByMember.data as { task_count: number }).task_count;
    const countMark = member.mark();
    await createTask(world.owner, world.projectId, 'Second task');
    const counted = await member.next<EventFrame>((f) => isEvent(f) && f.kind === 'project', countMark);
    expect((counted.data as { task_count: number }).task_count).toBe(before + 1);
  });

  it('delivers a new comment to the task page and the new comment count to the board', async () => {
    const owner = await open(world.owner.cookie);
    await owner.subscribe(topics.task(world.taskId));
    await owner.subscribe(topics.tasks(world.projectId));
    const mark = owner.mark();
    const posted = await world.member.api(`/api/tasks/${world.taskId}/comments`, {
      body: { content_json: { ops: [{ insert: 'Looks good\n' }] } },
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const comment = await owner.next<EventFrame>((f) => isEvent(f) && f.kind === 'comment', mark);
    expect(comment.data).toEqual(await posted.json());
    const count = await owner.next<EventFrame>(
      (f) => isEvent(f) && f.topic === topics.tasks(world.projectId) && f.kind === 'task',
      mark,
    );
    expect((count.data as { comments_total: number }).comments_total).toBe(1);
  });

  it('signals new activity on the inbox topic to everyone but the person who made it', async () => {
    const owner = await open(world.owner.cookie);
    const member = await open(world.member.cookie);
    await owner.subscribe(topics.inbox);
    await member.subscribe(topics.inbox);
    const mark = member.mark();
    const ownerMark = owner.mark();
    await world.member.api(`/api/tasks/${world.taskId}`, {
      method: 'PATCH',
      body: { title: 'Draw the new logo' },
    });
    const activity = await owner.next<EventFrame>(eventsOn(topics.inbox), ownerMark);
    expect(activity).toMatchObject({ kind: 'task', actorId: world.member.userId, data: null });
    // The member's own change: no dot for them (the owner's event above proves it was delivered).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(member.since(mark, eventsOn(topics.inbox))).toEqual([]);
  });
});

describe('subscribing after a change', () => {
  it('says how long ago the topic last changed, so a page that read before can read again', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Quiet');
    const socket = await open(world.member.cookie);
    // A project nobody has touched since it was created: its tasks topic has no event to tell.
    expect(await socket.subscribe(topics.tasks(projectId))).toEqual({
      type: 'subscribed',
      topic: topics.tasks(projectId),
    });
    const taskId = await createTask(world.owner, projectId, 'Made before the page subscribed');
    const later = await open(world.member.cookie);
    const answer = await later.subscribe(topics.tasks(projectId));
    expect(answer).toMatchObject({ type: 'subscribed', topic: topics.tasks(projectId) });
    const { lastEventMsAgo } = answer as { lastEventMsAgo?: number };
    expect(lastEventMsAgo).toBeGreaterThanOrEqual(0);
    expect(lastEventMsAgo).toBeLessThan(10_000);
    expect(await later.subscribe(topics.task(taskId))).toMatchObject({ lastEventMsAgo: expect.any(Number) });
    // User-wide topics never tell: their last event may be another organization's.
    expect(await later.subscribe(topics.inbox)).toEqual({ type: 'subscribed', topic: topics.inbox });
    expect(await later.subscribe(topics.myTasks)).toEqual({ type: 'subscribed', topic: topics.myTasks });
  });
});

describe('nobody hears about another organization', () => {
  it('refuses another organization’s topics, unknown topics and ids that do not exist', async () => {
    const outsider = await open(world.outsider.cookie);
    for (const topic of [
      topics.projects(world.organizationId),
      topics.tasks(world.projectId),
      topics.task(world.taskId),
      topics.task('00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(await outsider.subscribe(topic)).toMatchObject({ type: 'error', code: 'forbidden', topic });
    }
    for (const topic of ['tasks:not-a-uuid', 'everything', `projects:${world.organizationId}:x`]) {
      expect(await outsider.subscribe(topic)).toMatchObject({ type: 'error', code: 'unknown-topic' });
    }
  });

  it('keeps user-wide topics to the user’s own organizations', async () => {
    const outsider = await open(world.outsider.cookie);
    const owner = await open(world.owner.cookie);
    for (const topic of [topics.myTasks, topics.inbox, topics.presence]) {
      await outsider.subscribe(topic);
      await owner.subscribe(topic);
    }
    const mark = outsider.mark();
    const ownerMark = owner.mark();
    await world.member.api(`/api/tasks/${world.taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await owner.next(eventsOn(topics.inbox), ownerMark);
    await owner.next(eventsOn(topics.myTasks), ownerMark);
    // A change in the outsider's own organization does arrive, after the other one.
    await world.outsider.api(`/api/tasks/${world.outsiderTaskId}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    const own = await outsider.next<EventFrame>(eventsOn(topics.myTasks), mark);
    expect(own.id).toBe(world.outsiderTaskId);
    const leaked = outsider
      .since(mark, isEvent)
      .filter((frame) => (frame as EventFrame).organizationId !== world.outsiderOrganizationId);
    expect(leaked).toEqual([]);
  });
});

describe('losing membership', () => {
  it('closes the removed member’s subscriptions at once and stops every event of that organization', async () => {
    const extra = await createUser(server, mail, { firstname: 'Rita', lastname: 'Removed' });
    await addMember(world.owner, world.organizationId, extra, mail);
    const removed = await open(extra.cookie);
    await removed.subscribe(topics.tasks(world.projectId));
    await removed.subscribe(topics.task(world.taskId));
    await removed.subscribe(topics.projects(world.organizationId));
    await removed.subscribe(topics.myTasks);

    const ruleId = await ruleIdOf(server, world.organizationId, extra.userId);
    const mark = removed.mark();
    const response = await world.owner.api(`/api/organizations/${world.organizationId}/members/${ruleId}`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(204);
    for (const topic of [
      topics.tasks(world.projectId),
      topics.task(world.taskId),
      topics.projects(world.organizationId),
    ]) {
      await expect(removed.next((f) => f.type === 'error' && f.topic === topic, mark)).resolves.toMatchObject(
        {
          code: 'forbidden',
        },
      );
    }

    const owner = await open(world.owner.cookie);
    await owner.subscribe(topics.tasks(world.projectId));
    const ownerMark = owner.mark();
    await world.owner.api(`/api/tasks/${world.taskId}`, { method: 'PATCH', body: { status: 'ARCHIVE' } });
    await owner.next(eventsOn(topics.tasks(world.projectId)), ownerMark);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(removed.since(mark, isEvent).filter((f) => (f as EventFrame).kind !== 'membership')).toEqual([]);
    expect(await removed.subscribe(topics.tasks(world.projectId))).toMatchObject({ code: 'forbidden' });
  });
});
