// @database both

import { SUBTASKS_PER_PARENT_MAX } from '@figgle/shared/subtask-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';
import { parentIdOf } from '../support/task-rows.ts';

/**
 * Issue 42, sub-tasks: a task goes under another task of its organization, in any project, to any
 * depth; cycles, other organizations and itself are refused with a 400 that changes nothing, also when
 * two requests would close a cycle together (locking: run on both databases).
 */
let server: TestServer;
let world: RealtimeWorld;
let otherProjectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  otherProjectId = await createProject(world.owner, world.organizationId, 'Mobile');
}, 120_000);

const setParent = (taskId: string, parentId: string | null, user = world.owner) =>
  user.api(`/api/tasks/${taskId}/parent`, { method: 'PUT', body: { parent_id: parentId } });

const parentOf = (taskId: string) => parentIdOf(server, taskId);

const logOf = (taskId: string) =>
  server.deps.db
    .selectFrom('log')
    .select(['type', 'metadata'])
    .where('task_id', '=', taskId)
    .where('type', '=', 'PARENT')
    .orderBy('created_at')
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

    // Its own placement, then the grandchild that came under it.
    expect((await logOf(child)).map((log) => log.metadata)).toMatchObject([
      { parent: { new: { task_id: parent } } },
      { subtask: { task_id: grandchild, added: true } },
    ]);

    // The same parent again changes nothing; null makes it a top-level task again.
    expect((await setParent(child, parent)).status).toBe(200);
    expect(await logOf(child)).toHaveLength(2);
    expect((await setParent(child, null)).status).toBe(200);
    expect(await parentOf(child)).toBeNull();
    expect(await logOf(child)).toHaveLength(3);
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

  it("makes a task a sub-task from its creation, and the parent's log names it; a refused parent makes no task", async () => {
    const parent = await createTask(world.owner, world.projectId, 'Release 2.0');
    const made = await world.member.api(`/api/projects/${otherProjectId}/tasks`, {
      method: 'POST',
      body: { title: 'Ship the app', parent_id: parent },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { task_id: child } = (await made.json()) as { task_id: string };
    expect(await parentOf(child)).toBe(parent);
    const [onParent] = await logOf(parent);
    expect(onParent?.metadata).toMatchObject({ subtask: { task_id: child, added: true } });

    // Moving it to the top again tells the parent it left.
    expect((await setParent(child, null)).status).toBe(200);
    expect((await logOf(parent)).map((line) => line.metadata)).toMatchObject([
      { subtask: { task_id: child, added: true } },
      { subtask: { task_id: child, added: false } },
    ]);

    const count = async () =>
      Number(
        (
          await server.deps.db
            .selectFrom('task')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('project_id', '=', otherProjectId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await world.owner.api(`/api/projects/${otherProjectId}/tasks`, {
      method: 'POST',
      body: { title: 'Under a stranger', parent_id: world.outsiderTaskId },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Choose a parent task of the same organization.' });
    expect(await count()).toBe(before);
  });

  it('refuses the sub-task past SUBTASKS_PER_PARENT_MAX, and a task already under it stays', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Huge epic');
    const first = await createTask(world.owner, world.projectId, 'First piece');
    expect((await setParent(first, parent)).status).toBe(200);
    // The rest are written straight into the database: 9,999 requests would only time the API.
    await sql`
      INSERT INTO task (project_id, reference, title, rank, author_id, parent_id)
      SELECT project_id, 100000 + n, 'Piece ' || n, rank || n::text, author_id, ${parent}::uuid
      FROM task, generate_series(1, ${SUBTASKS_PER_PARENT_MAX - 1}) AS n
      WHERE task_id = ${first}::uuid
    `.execute(server.deps.db);
    const one = await createTask(world.owner, world.projectId, 'One too many');
    const refused = await setParent(one, parent);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^WEB-\d+ has 10,000 sub-tasks, the most a task can have\.$/,
    );
    expect(await parentOf(one)).toBeNull();
    // Placing the same task under it again is no new sub-task.
    expect((await setParent(first, parent)).status).toBe(200);
    // 10,000 rows through the task triggers: ~4 s alone, several times that on a loaded 2-core machine.
  }, 120_000);

  it('keeps the order given to the sub-tasks, a new one last, and refuses to place a top-level task', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Ordered');
    const made: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const answer = await world.owner.api(`/api/projects/${world.projectId}/tasks`, {
        method: 'POST',
        body: { title, parent_id: parent },
      });
      made.push(((await answer.json()) as { task_id: string }).task_id);
    }
    const titles = async () =>
      (
        (await (await world.member.api(`/api/tasks/${parent}/structure`)).json()) as {
          subtasks: Array<{ title: string }>;
        }
      ).subtasks.map((subtask) => subtask.title);
    expect(await titles()).toEqual(['One', 'Two', 'Three']);

    const move = (taskId: string, index: unknown, user = world.member) =>
      user.api(`/api/tasks/${taskId}/subtask-position`, { method: 'PUT', body: { index } });
    expect((await move(made[2]!, 0)).status).toBe(204);
    expect(await titles()).toEqual(['Three', 'One', 'Two']);
    expect((await move(made[2]!, 99)).status).toBe(204);
    expect(await titles()).toEqual(['One', 'Two', 'Three']);
    await createTask(world.owner, world.projectId, 'Later').then((later) => setParent(later, parent));
    expect(await titles()).toEqual(['One', 'Two', 'Three', 'Later']);

    expect((await move(made[0]!, -1)).status).toBe(400);
    expect((await move(made[0]!, 'first')).status).toBe(400);
    const top = await move(parent, 0);
    expect(top.status).toBe(400);
    expect(await top.json()).toMatchObject({ message: 'Only a sub-task has a place among sub-tasks.' });
    expect((await move(made[0]!, 0, world.outsider)).status).toBe(404);
    expect(await titles()).toEqual(['One', 'Two', 'Three', 'Later']);
  });

  it('lists each sub-task with its estimate, for the total on the parent’s page', async () => {
    const scaled = await createProject(world.owner, world.organizationId, 'Scaled');
    const patched = await world.owner.api(`/api/projects/${scaled}`, {
      method: 'PATCH',
      body: { estimate_scale: 'points' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const parent = await createTask(world.owner, scaled, 'Estimated epic');
    const child = await createTask(world.owner, scaled, 'Estimated piece');
    expect((await setParent(child, parent)).status).toBe(200);
    expect(
      (await world.owner.api(`/api/tasks/${child}`, { method: 'PATCH', body: { estimate: '5' } })).status,
    ).toBe(200);
    const structure = (await (await world.member.api(`/api/tasks/${parent}/structure`)).json()) as {
      subtasks: Array<{ task_id: string; estimate: string | null }>;
    };
    expect(structure.subtasks).toMatchObject([{ task_id: child, estimate: '5' }]);
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
