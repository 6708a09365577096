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
 * Issue 42, sub-tasks: a task goes under another task of its organization, in any project, to any
 * depth; cycles, other organizations and itself are refused with a 400 that changes nothing, also when
 * two requests would close a cycle together (locking: run on both databases).
 */
let server: TestServer;
let mail: MailCatcher;
let world: RealtimeWorld;
let otherProjectId: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  world = await createRealtimeWorld(server, mail);
  otherProjectId = await createProject(world.owner, world.organizationId, 'Mobile');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

const setParent = (taskId: string, parentId: string | null, user = world.owner) =>
  user.api(`/api/tasks/${taskId}/parent`, { method: 'PUT', body: { parent_id: parentId } });

const parentOf = async (taskId: string) =>
  (
    await server.deps.db
      .selectFrom('task')
      .select('parent_id')
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow()
  ).parent_id;

const logOf = (taskId: string) =>
  server.deps.db
    .selectFrom('log')
    .select(['type', 'metadata'])
    .where('task_id', '=', taskId)
    .where('type', '=', 'PARENT')
    .execute();

describe('a task under another', () => {
  it('goes under a task of another project of its organization, to any depth, and back to the top', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Checkout redesign');
    const child = await createTask(world.owner, otherProjectId, 'Checkout on mobile');
    const grandchild = await createTask(world.member, otherProjectId, 'Pay button');

    const placed = await setParent(child, parent);
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect(await parentOf(child)).toBe(parent);
    expect((await setParent(grandchild, child, world.member)).status).toBe(200);
    expect(await parentOf(grandchild)).toBe(child);

    const structure = async (taskId: string) =>
      (await (await world.member.api(`/api/tasks/${taskId}/structure`)).json()) as {
        parent: { task_id: string; reference: string } | null;
        subtasks: Array<{ task_id: string; title: string }>;
        progress: { done: number; total: number };
      };
    expect(await structure(parent)).toMatchObject({
      parent: null,
      subtasks: [{ task_id: child, title: 'Checkout on mobile' }],
      progress: { done: 0, total: 1 },
    });
    expect((await structure(grandchild)).parent).toMatchObject({ task_id: child, reference: 'MOB-1' });
    expect((await world.outsider.api(`/api/tasks/${parent}/structure`)).status).toBe(404);

    const [line] = await logOf(child);
    expect(line?.metadata).toMatchObject({
      parent: { old: null, new: { task_id: parent, reference: 'WEB-2' } },
    });

    // The same parent again changes nothing; null makes it a top-level task again.
    expect((await setParent(child, parent)).status).toBe(200);
    expect(await logOf(child)).toHaveLength(1);
    expect((await setParent(child, null)).status).toBe(200);
    expect(await parentOf(child)).toBeNull();
    expect(await logOf(child)).toHaveLength(2);
  });

  it('refuses itself, a task below it and another organization with a 400 that changes nothing', async () => {
    const top = await createTask(world.owner, world.projectId, 'Top');
    const middle = await createTask(world.owner, world.projectId, 'Middle');
    const bottom = await createTask(world.owner, world.projectId, 'Bottom');
    expect((await setParent(middle, top)).status).toBe(200);
    expect((await setParent(bottom, middle)).status).toBe(200);

    const itself = await setParent(top, top);
    expect(itself.status).toBe(400);
    expect(await itself.json()).toMatchObject({ message: 'A task cannot be its own sub-task.' });

    const cycle = await setParent(top, bottom);
    expect(cycle.status).toBe(400);
    expect(((await cycle.json()) as { message: string }).message).toMatch(
      /^WEB-\d+ is a sub-task of WEB-\d+: a task cannot go under its own sub-task\.$/,
    );

    const elsewhere = await setParent(top, world.outsiderTaskId);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({
      message: 'Choose a parent task of the same organization.',
    });
    // Nor may the outsider put their task under one of this organization.
    expect((await setParent(world.outsiderTaskId, top, world.outsider)).status).toBe(400);
    // And a person outside the organization cannot move its tasks at all.
    expect((await setParent(middle, null, world.outsider)).status).toBe(404);

    expect(await parentOf(top)).toBeNull();
    expect(await parentOf(middle)).toBe(top);
    expect(await parentOf(bottom)).toBe(middle);
    expect(await parentOf(world.outsiderTaskId)).toBeNull();
  });

  it('lets only one of two requests that would close a cycle together through', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createTask(world.owner, world.projectId, `A${round}`);
      const b = await createTask(world.owner, world.projectId, `B${round}`);
      const answers = await Promise.all([setParent(a, b), setParent(b, a, world.member)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const parents = [await parentOf(a), await parentOf(b)];
      expect(parents.filter((parent) => parent !== null)).toHaveLength(1);
    }
  });

  it('refuses an unknown parent and a body that is not a uuid or null', async () => {
    const task = await createTask(world.owner, world.projectId, 'Lonely');
    expect((await setParent(task, '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    const bad = await world.owner.api(`/api/tasks/${task}/parent`, {
      method: 'PUT',
      body: { parent_id: 'WEB-1' },
    });
    expect(bad.status).toBe(400);
    expect(await parentOf(task)).toBeNull();
  });
});
