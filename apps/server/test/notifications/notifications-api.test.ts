// @database pglite
import type { NotificationPage, WatchersView } from '@figgle/shared/notification-schemas';
import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, type TestUser } from '@figgle/test-support/users';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember } from '../organizations/organizations-world.ts';
import { eventsOn, TestSocket } from '../realtime/realtime-socket.ts';
import {
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
  ruleIdOf,
} from '../realtime/realtime-world.ts';

let server: TestServer;
let mail: MailCatcher;
let world: RealtimeWorld;
const sockets: TestSocket[] = [];

realtimeWorldPerFile((started) => ({ server, mail, world } = started));
afterAll(() => {
  for (const socket of sockets) socket.ws.close();
});

const mention = (user: { userId: string }, name: string) => ({
  insert: { mention: { index: '0', denotationChar: '@', id: user.userId, value: name } },
});
const comment = (user: TestUser, taskId: string, ops: unknown[]) =>
  user.api(`/api/tasks/${taskId}/comments`, { body: { content_json: { ops } } });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}
const forMe = (user: TestUser, query = '') =>
  user.api(`/api/notifications${query}`).then((r) => json<NotificationPage>(r));
const unread = (user: TestUser) =>
  user.api('/api/notifications/unread-count').then((r) => json<{ unread: number }>(r));
const watchers = (user: TestUser, taskId: string) =>
  user.api(`/api/tasks/${taskId}/watchers`).then((r) => json<WatchersView>(r));
const names = (view: WatchersView) => view.watchers.map((w) => w.firstname);
const rowsOf = (taskId: string) =>
  server.deps.db
    .selectFrom('notification')
    .select(['user_id', 'kind', 'detail'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();

describe('watching', () => {
  it('the author, the assignee, commenters and mentioned people watch; one may stop and start', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Watched by reasons');
    expect(names(await watchers(world.owner, taskId))).toEqual(['Olive']);

    const third = await createUser(server, mail, { firstname: 'Theo', lastname: 'Third' });
    await addMember(world.owner, world.organizationId, third, mail);
    // The member comments, and mentions Theo.
    await json(
      await comment(world.member, taskId, [{ insert: 'Theo, look: ' }, mention(third, 'Theo Third')]),
      201,
    );
    const reasons = await server.deps.db
      .selectFrom('task_watcher')
      .select(['user_id', 'reason'])
      .where('task_id', '=', taskId)
      .execute();
    expect(new Map(reasons.map((r) => [r.user_id, r.reason]))).toEqual(
      new Map([
        [world.owner.userId, 'author'],
        [world.member.userId, 'commenter'],
        [third.userId, 'mentioned'],
      ]),
    );

    const stopped = await json<WatchersView>(
      await world.member.api(`/api/tasks/${taskId}/watch`, { method: 'DELETE' }),
    );
    expect(stopped.watching).toBe(false);
    expect(names(stopped)).toEqual(['Olive', 'Theo']);
    // A comment of theirs does not turn watching on again.
    await json(await comment(world.member, taskId, [{ insert: 'Still here\n' }]), 201);
    expect((await watchers(world.member, taskId)).watching).toBe(false);
    const again = await json<WatchersView>(
      await world.member.api(`/api/tasks/${taskId}/watch`, { method: 'PUT' }),
    );
    expect(again).toMatchObject({ watching: true });
    expect(names(again)).toEqual(['Mia', 'Olive', 'Theo']);
  });

  it("is a 404 outside the task's organization, and a 400 for a malformed id", async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const path = `/api/tasks/${world.taskId}/${method === 'GET' ? 'watchers' : 'watch'}`;
      const response = await world.outsider.api(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
    }
    expect((await world.owner.api('/api/tasks/not-a-uuid/watchers')).status).toBe(400);
    expect(
      await server.deps.db
        .selectFrom('task_watcher')
        .select('user_id')
        .where('task_id', '=', world.taskId)
        .where('user_id', '=', world.outsider.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe('notifications', () => {
  it('a comment tells the watchers, a mention in it is one mention row, and never the actor', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Comment fan-out');
    await json(
      await comment(world.member, taskId, [{ insert: 'Hey ' }, mention(world.owner, 'Olive Owner')]),
      201,
    );
    await json(await comment(world.owner, taskId, [{ insert: 'Thanks\n' }]), 201);
    const rows = await rowsOf(taskId);
    expect(rows.map((r) => [r.user_id, r.kind])).toEqual([
      [world.owner.userId, 'mention'],
      [world.member.userId, 'comment'],
    ]);
    expect(rows[0]!.detail).toMatchObject({ where: 'comment', excerpt: 'Hey @Olive Owner' });
    expect(rows[1]!.detail).toMatchObject({ excerpt: 'Thanks' });
  });

  it('refuses a mention of someone outside the organization with a 400 and saves nothing', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'No outsiders');
    const before = await server.deps.db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await comment(world.owner, taskId, [mention(world.outsider, 'Otto Outsider')]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      statusCode: 400,
      code: 'mention_outside_organization',
      message: 'Only members of the organization of the task can be mentioned.',
    });
    const forged = await comment(world.owner, taskId, [mention({ userId: 'nobody' }, 'Nobody')]);
    expect(forged.status).toBe(400);
    const description = await world.owner.api(`/api/tasks/${taskId}/content`, {
      method: 'PATCH',
      body: { content_json: { ops: [mention(world.outsider, 'Otto Outsider'), { insert: '\n' }] } },
    });
    expect(description.status).toBe(400);
    const after = await server.deps.db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await rowsOf(taskId)).toEqual([]);
    expect(names(await watchers(world.owner, taskId))).toEqual(['Olive']);
  });

  it('a description tells each newly mentioned person once, who then watches', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Described');
    const save = (ops: unknown[]) =>
      world.owner.api(`/api/tasks/${taskId}/content`, { method: 'PATCH', body: { content_json: { ops } } });
    await json(await save([{ insert: 'Ask ' }, mention(world.member, 'Mia Member'), { insert: '\n' }]));
    await json(await save([{ insert: 'Ask ' }, mention(world.member, 'Mia Member'), { insert: ' now\n' }]));
    expect(await rowsOf(taskId)).toEqual([
      {
        user_id: world.member.userId,
        kind: 'mention',
        detail: { where: 'description', excerpt: 'Ask @Mia Member' },
      },
    ]);
    expect((await watchers(world.member, taskId)).watching).toBe(true);
  });

  it('tells a removed member nothing more', async () => {
    const leaving = await createUser(server, mail, { firstname: 'Lea', lastname: 'Leaving' });
    await addMember(world.owner, world.organizationId, leaving, mail);
    const taskId = await createTask(world.owner, world.projectId, 'After leaving');
    await json(await comment(leaving, taskId, [{ insert: 'I watch this\n' }]), 201);
    const ruleId = await ruleIdOf(server, world.organizationId, leaving.userId);
    const removed = await world.owner.api(`/api/organizations/${world.organizationId}/members/${ruleId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    await json(await comment(world.owner, taskId, [{ insert: 'Anyone?\n' }]), 201);
    await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } });
    expect((await rowsOf(taskId)).filter((r) => r.user_id === leaving.userId)).toEqual([]);
  });

  it('lists "For me" newest first with paging, counts unread, marks one and all read', async () => {
    const reader = await createUser(server, mail, { firstname: 'Rita', lastname: 'Reader' });
    await addMember(world.owner, world.organizationId, reader, mail);
    const taskId = await createTask(world.owner, world.projectId, 'Paged');
    for (let i = 0; i < 5; i += 1)
      await json(
        await comment(world.owner, taskId, [mention(reader, 'Rita Reader'), { insert: ` ${i}\n` }]),
        201,
      );
    expect(await unread(reader)).toEqual({ unread: 5 });

    const first = await forMe(reader, '?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({
      kind: 'mention',
      read: false,
      actor: { user_id: world.owner.userId, firstname: 'Olive', lastname: 'Owner' },
      task: { task_id: taskId, title: 'Paged' },
      project: { project_id: world.projectId, trigram: 'WEB' },
      detail: { where: 'comment', excerpt: '@Rita Reader 4' },
    });
    const second = await forMe(reader, `?limit=2&cursor=${first.next_cursor}`);
    const third = await forMe(reader, `?limit=2&cursor=${second.next_cursor}`);
    expect(third.next_cursor).toBeNull();
    const excerpts = [...first.entries, ...second.entries, ...third.entries].map((e) => e.detail.excerpt);
    expect(excerpts).toEqual([4, 3, 2, 1, 0].map((i) => `@Rita Reader ${i}`));

    const bad = await reader.api('/api/notifications?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect((await reader.api('/api/notifications?limit=500')).status).toBe(400);

    const opened = first.entries[0]!.notification_id;
    expect((await reader.api(`/api/notifications/${opened}/read`, { method: 'POST' })).status).toBe(204);
    expect(await unread(reader)).toEqual({ unread: 4 });
    expect((await forMe(reader, '?limit=1')).entries[0]).toMatchObject({
      notification_id: opened,
      read: true,
    });
    // Someone else's notification: as if it did not exist.
    const foreign = await world.member.api(`/api/notifications/${opened}/read`, { method: 'POST' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ statusCode: 404, code: 'not_found' });

    expect((await reader.api('/api/notifications/read-all', { method: 'POST' })).status).toBe(204);
    expect(await unread(reader)).toEqual({ unread: 0 });
    expect((await forMe(reader)).entries.every((entry) => entry.read)).toBe(true);
  });

  it("never shows another organization's notifications", async () => {
    const outsiderTask = world.outsiderTaskId;
    const guest = await createUser(server, mail, { firstname: 'Gus', lastname: 'Guest' });
    await addMember(world.outsider, world.outsiderOrganizationId, guest, mail);
    await json(await comment(world.outsider, outsiderTask, [mention(guest, 'Gus Guest')]), 201);
    const [secret] = await rowsOf(outsiderTask);
    expect(secret).toMatchObject({ user_id: guest.userId, kind: 'mention' });
    const id = (
      await server.deps.db
        .selectFrom('notification')
        .select('notification_id')
        .where('task_id', '=', outsiderTask)
        .executeTakeFirstOrThrow()
    ).notification_id;
    expect((await world.owner.api(`/api/notifications/${id}/read`, { method: 'POST' })).status).toBe(404);
    expect((await forMe(world.owner)).entries.map((e) => e.task.task_id)).not.toContain(outsiderTask);
    expect((await forMe(guest)).entries.map((e) => e.task.task_id)).toEqual([outsiderTask]);
  });

  it("reaches the recipient's socket live, and only theirs", async () => {
    const owner = await TestSocket.open(server.url, { cookie: world.owner.cookie });
    const member = await TestSocket.open(server.url, { cookie: world.member.cookie });
    sockets.push(owner, member);
    await owner.subscribe(topics.notifications);
    await member.subscribe(topics.notifications);
    const ownerMark = owner.mark();
    const memberMark = member.mark();
    const taskId = await createTask(world.owner, world.projectId, 'Live');
    await json(await comment(world.member, taskId, [mention(world.owner, 'Olive Owner')]), 201);
    const told = await owner.next<EventFrame>(eventsOn(topics.notifications), ownerMark);
    expect(told).toMatchObject({ kind: 'notification', action: 'created', id: world.owner.userId, taskId });

    // An assignment made by a single statement (figgle_change_task) is live too.
    await world.owner.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId },
    });
    const assigned = await member.next<EventFrame>(eventsOn(topics.notifications), memberMark);
    expect(assigned).toMatchObject({ kind: 'notification', id: world.member.userId, taskId });
    expect(
      owner
        .since(ownerMark, eventsOn(topics.notifications))
        .every((f) => (f as EventFrame).id === world.owner.userId),
    ).toBe(true);
  });
});
