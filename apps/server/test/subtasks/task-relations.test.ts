// @database both
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createRealtimeWorld,
  createTask,
  type RealtimeWorld,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42, relations: blocks / is blocked by, relates to, duplicates / is duplicated by, between two
 * tasks of one organization in any of its projects. Both tasks log it; itself, another organization
 * and the same relation twice are refused and change nothing (two requests at once included: run on
 * both databases).
 */
let server: TestServer;
let mail: MailCatcher;
let world: RealtimeWorld;
let mobileId: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  world = await createRealtimeWorld(server, mail);
  mobileId = await createProject(world.owner, world.organizationId, 'Mobile');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

const relate = (taskId: string, side: string, otherId: string, user = world.owner) =>
  user.api(`/api/tasks/${taskId}/relations`, { body: { side, task_id: otherId } });

const relationsOf = (taskId: string) =>
  server.deps.db
    .selectFrom('task_relation')
    .select(['relation_id', 'from_task_id', 'to_task_id', 'kind'])
    .where((eb) => eb.or([eb('from_task_id', '=', taskId), eb('to_task_id', '=', taskId)]))
    .execute();

const relationLines = (taskId: string) =>
  server.deps.db
    .selectFrom('log')
    .select('metadata')
    .where('task_id', '=', taskId)
    .where('type', '=', 'RELATION')
    .orderBy('created_at')
    .execute();

describe('relations between tasks', () => {
  it('stores "is blocked by" as the blocker blocking, logs it on both tasks, and removes it from either', async () => {
    const api = await createTask(world.owner, world.projectId, 'Payment API');
    const screen = await createTask(world.owner, mobileId, 'Payment screen');

    const added = await relate(screen, 'blocked_by', api);
    expect(added.status, await added.clone().text()).toBe(201);
    const { relation_id } = (await added.json()) as { relation_id: string };
    expect(await relationsOf(api)).toEqual([
      { relation_id, from_task_id: api, to_task_id: screen, kind: 'blocks' },
    ]);
    expect((await relationLines(api)).map((line) => line.metadata)).toMatchObject([
      { relation: { kind: 'blocks', task_id: screen, added: true } },
    ]);
    expect((await relationLines(screen)).map((line) => line.metadata)).toMatchObject([
      { relation: { kind: 'blocked_by', task_id: api, added: true } },
    ]);

    // The screen is blocked while the API is open.
    const blocked = async () =>
      ((await (await world.member.api(`/api/tasks/${screen}/structure`)).json()) as { blocked: boolean })
        .blocked;
    expect(await blocked()).toBe(true);
    expect(
      (await world.owner.api(`/api/tasks/${api}`, { method: 'PATCH', body: { status: 'DONE' } })).status,
    ).toBe(200);
    expect(await blocked()).toBe(false);

    // The same relation, asked from the other end, is there already.
    const again = await relate(api, 'blocks', screen, world.member);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /^WEB-\d+ blocks MOB-\d+ already\.$/,
    );

    const removed = await world.member.api(`/api/tasks/${api}/relations/${relation_id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect(await relationsOf(api)).toEqual([]);
    expect(await relationLines(screen)).toHaveLength(2);
    expect(
      (await world.owner.api(`/api/tasks/${screen}/relations/${relation_id}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('keeps one "relates to" per pair, whichever end asks, also when both ask at once', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await createTask(world.owner, world.projectId, `Relates A${round}`);
      const b = await createTask(world.owner, world.projectId, `Relates B${round}`);
      const answers = await Promise.all([relate(a, 'relates', b), relate(b, 'relates', a, world.member)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await relationsOf(a)).toHaveLength(1);
    }
  });

  it('refuses itself, another organization and an outsider, changing nothing', async () => {
    const task = await createTask(world.owner, world.projectId, 'Alone');
    const itself = await relate(task, 'duplicates', task);
    expect(itself.status).toBe(400);
    expect(await itself.json()).toMatchObject({ message: 'A task cannot relate to itself.' });
    const elsewhere = await relate(task, 'blocks', world.outsiderTaskId);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ message: 'Choose a task of the same organization.' });
    expect((await relate(world.outsiderTaskId, 'blocks', task, world.outsider)).status).toBe(400);
    expect((await relate(task, 'blocks', world.outsiderTaskId, world.outsider)).status).toBe(404);
    expect((await relate(task, 'supersedes', world.taskId)).status).toBe(400);
    expect(await relationsOf(task)).toEqual([]);
    expect(await relationsOf(world.outsiderTaskId)).toEqual([]);
  });
});
