// @database both
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
import { deleteTask, restore, restored, setParent, trashIdOf } from './trash-world.ts';

// Issue 44: a restore brings back the relations its delete removed, but one made while the task was
// in the trash may now close a loop with them. The task comes back, each "blocks" that would close a
// loop stays out and is named in the answer (decision 0037), under the organization's lock of
// blockers, also when the other relation is added at the same moment: locks, hence both databases.

let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(async () => {
  projectId = await createProject(world.member, world.organizationId, 'Loops');
});

const relate = (from: string, side: 'blocks' | 'blocked_by', to: string) =>
  world.member.api(`/api/tasks/${from}/relations`, { body: { side, task_id: to } });

/** The organization's "blocks" relations among `tasks`, as "from>to" by title letter. */
async function blocksAmong(tasks: Record<string, string>): Promise<string[]> {
  const letter = new Map(Object.entries(tasks).map(([name, id]) => [id, name]));
  const rows = await server.deps.db
    .selectFrom('task_relation')
    .select(['from_task_id', 'to_task_id'])
    .where('kind', '=', 'blocks')
    .where('from_task_id', 'in', Object.values(tasks))
    .execute();
  return rows.map((row) => `${letter.get(row.from_task_id)}>${letter.get(row.to_task_id)}`).sort();
}

/** Z blocks R, R blocks X; R goes to the trash. */
async function deletedBetween(round: string) {
  const tasks = {
    Z: await createTask(world.member, projectId, `Z${round}`),
    R: await createTask(world.member, projectId, `R${round}`),
    X: await createTask(world.member, projectId, `X${round}`),
  };
  expect((await relate(tasks.Z, 'blocks', tasks.R)).status).toBe(201);
  expect((await relate(tasks.R, 'blocks', tasks.X)).status).toBe(201);
  await deleteTask(world.member, tasks.R);
  return { tasks, trashId: await trashIdOf(world.member, world.organizationId, tasks.R) };
}

describe('restoring a task whose relations would now close a loop of blockers', () => {
  it('brings the task back without the relation that closes the loop, named in the answer', async () => {
    const { tasks, trashId } = await deletedBetween('1');
    // Meanwhile: X blocks Z. With both relations of R back, Z → R → X → Z.
    expect((await relate(tasks.X, 'blocks', tasks.Z)).status).toBe(201);
    const answer = await restored(world.member, trashId);
    expect(answer.task_ids).toEqual([tasks.R]);
    expect(answer.relations_left_out).toHaveLength(1);
    const [left] = answer.relations_left_out;
    const refs = await server.deps.db
      .selectFrom('task')
      .innerJoin('project', 'project.project_id', 'task.project_id')
      .select(['task.task_id', sql<string>`project.trigram || '-' || task.reference`.as('ref')])
      .where('task.task_id', 'in', Object.values(tasks))
      .execute();
    const refOf = new Map(refs.map((row) => [row.task_id, row.ref]));
    expect(left!.loop).toHaveLength(4);
    expect(left!.loop[0]).toBe(refOf.get(left!.from_task_id));
    expect(left!.loop[1]).toBe(refOf.get(left!.to_task_id));
    expect(left!.loop.at(-1)).toBe(left!.loop[0]);
    // One of R's two relations is back, the other is not, and X blocks Z stays.
    const stored = await blocksAmong(tasks);
    expect(stored).toHaveLength(2);
    expect(stored).toContain('X>Z');
    expect((await world.member.api(`/api/tasks/${tasks.R}`)).status).toBe(200);
  });

  it('while someone adds the reverse relation at the same moment: never both, and no 500', async () => {
    for (let round = 0; round < 4; round++) {
      const { tasks, trashId } = await deletedBetween(`race${round}`);
      const [answer, byHand] = await Promise.all([
        restore(world.member, trashId),
        relate(tasks.X, 'blocks', tasks.Z),
      ]);
      expect(answer.status, await answer.clone().text()).toBe(200);
      const { relations_left_out: leftOut } = (await answer.json()) as { relations_left_out: unknown[] };
      if (byHand.status === 201) expect(leftOut).toHaveLength(1);
      else {
        // The restore came first: its relations are back, and the reverse one is refused.
        expect(byHand.status, await byHand.clone().text()).toBe(400);
        expect(((await byHand.json()) as { code: string }).code).toBe('dependency_loop');
        expect(leftOut).toEqual([]);
      }
      expect(await blocksAmong(tasks)).toHaveLength(2);
    }
  });

  it('a parent cycle cannot come back: the sub-tasks a delete kept stay where they went', async () => {
    // P above R above C; R goes (C kept, to the top level), then P goes under C. R back under P
    // would make C → P → R → C if C went back under R: it does not.
    const p = await createTask(world.member, projectId, 'P');
    const r = await createTask(world.member, projectId, 'R');
    const c = await createTask(world.member, projectId, 'C');
    await setParent(world.member, r, p);
    await setParent(world.member, c, r);
    await deleteTask(world.member, r, 'keep');
    await setParent(world.member, p, c);
    const answer = await restored(world.member, await trashIdOf(world.member, world.organizationId, r));
    expect(answer.task_ids).toEqual([r]);
    expect(await parentIdOf(server, r)).toBe(p);
    expect(await parentIdOf(server, p)).toBe(c);
    expect(await parentIdOf(server, c)).toBeNull();
  });
});
