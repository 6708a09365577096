// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42, relations: blocks / is blocked by, relates to, duplicates / is duplicated by, between two
 * tasks of one organization in any of its projects. Both tasks log it; itself, another organization,
 * a loop of blockers (issue 44) and the same relation twice are refused and change nothing (two
 * requests at once included: run on both databases).
 */
let server: TestServer;
let world: RealtimeWorld;
let mobileId: string;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  mobileId = await createProject(world.owner, world.organizationId, 'Mobile');
}, 120_000);

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

/** "WEB-12": a task's reference as the API answers it. */
const referenceOf = async (taskId: string) => {
  const task = (await (await world.owner.api(`/api/tasks/${taskId}`)).json()) as { reference: number };
  return `WEB-${task.reference}`;
};

const blocksRows = async (taskIds: string[]) =>
  (
    await server.deps.db
      .selectFrom('task_relation')
      .select(['from_task_id', 'to_task_id'])
      .where('kind', '=', 'blocks')
      .where('from_task_id', 'in', taskIds)
      .execute()
  ).length;

describe('loops of blockers (issue 44)', () => {
  it('refuses the "blocks" that would close a loop, naming it, from either end, and changes nothing', async () => {
    const [a, b, c] = await Promise.all(
      ['Loop A', 'Loop B', 'Loop C'].map((title) => createTask(world.owner, world.projectId, title)),
    );
    const [refA, refB, refC] = await Promise.all([a!, b!, c!].map(referenceOf));
    expect((await relate(a!, 'blocks', b!)).status).toBe(201);
    expect((await relate(c!, 'blocked_by', b!)).status).toBe(201);
    const linesBefore = (await relationLines(c!)).length;

    for (const [taskId, side, otherId] of [
      [c!, 'blocks', a!],
      [a!, 'blocked_by', c!],
    ] as const) {
      const refused = await relate(taskId, side, otherId, world.member);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'dependency_loop',
        message: `This would make a loop: ${refC} → ${refA} → ${refB} → ${refC}.`,
      });
    }
    // Two tasks only: the shortest loop is named.
    const back = await relate(b!, 'blocks', a!);
    expect(await back.json()).toMatchObject({
      message: `This would make a loop: ${refB} → ${refA} → ${refB}.`,
    });
    expect(await blocksRows([a!, b!, c!])).toBe(2);
    expect(await relationLines(c!)).toHaveLength(linesBefore);

    // "Relates to" and "duplicates" make no order of work: they may go round.
    expect((await relate(c!, 'relates', a!)).status).toBe(201);
    expect((await relate(c!, 'duplicates', a!)).status).toBe(201);
    // A chain that does not come back is fine, as are two ways to the same task.
    expect((await relate(a!, 'blocks', c!)).status).toBe(201);
  });

  it('lets only one of two relations sent together close a loop, for a pair and across four tasks', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all(
        ['A', 'B'].map((name) => createTask(world.owner, world.projectId, `Race ${round} ${name}`)),
      );
      // The pair: A blocks B and B blocks A at once.
      const pair = await Promise.all([relate(a!, 'blocks', b!), relate(b!, 'blocks', a!, world.member)]);
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(await blocksRows([a!, b!])).toBe(1);

      // Four tasks, no task shared: with E blocks F and G blocks H there, "F blocks G" and "H blocks E"
      // together would make E → F → G → H → E, though each alone is fine.
      const [e, f, g, h] = await Promise.all(
        ['E', 'F', 'G', 'H'].map((name) => createTask(world.owner, world.projectId, `Race ${round} ${name}`)),
      );
      expect((await relate(e!, 'blocks', f!)).status).toBe(201);
      expect((await relate(g!, 'blocks', h!)).status).toBe(201);
      const answers = await Promise.all([relate(f!, 'blocks', g!), relate(h!, 'blocks', e!, world.member)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      const refusal = (await answers.find((answer) => answer.status === 400)!.json()) as { message: string };
      expect(refusal.message).toMatch(/^This would make a loop: (WEB-\d+ → ){4}WEB-\d+\.$/);
      expect(await blocksRows([e!, f!, g!, h!])).toBe(3);
    }
  });
});
