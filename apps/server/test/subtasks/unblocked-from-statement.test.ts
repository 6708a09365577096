// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unblockedStatement } from '../../src/features/notifications/commands/record-unblocked.ts';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { statementsOf } from '../support/count-statements.ts';

/**
 * Issue 38: whom "unblocked" tells is taken from the change's own statement (the tasks its status
 * change finished and the tasks they block, as figgle_change_task's statement answers them), not
 * from STATUS log rows read back by time. Read back by time, a change made in the same millisecond
 * as the one that finished the blocker (an edit of its title, by anyone) found that one's log row
 * and told everyone again. The statement and the read-back: both databases.
 */
let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
afterEach(() => {
  vi.useRealTimers();
});

const unblockedRows = (taskId: string) =>
  server.deps.db
    .selectFrom('notification')
    .select(['user_id', 'actor_id'])
    .where('task_id', '=', taskId)
    .where(({ ref }) => ref('detail', '->>').key('field' as never), '=', 'unblocked')
    .execute();

async function patch(user: RealtimeWorld['owner'], taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A blocker and the task it blocks, assigned to the member. */
async function blockedPair(name: string) {
  const blocker = await createTask(world.owner, world.projectId, `${name} blocker`);
  const blocked = await createTask(world.owner, world.projectId, `${name} blocked`);
  await patch(world.owner, blocked, { assignee_id: world.member.userId });
  const added = await world.owner.api(`/api/tasks/${blocked}/relations`, {
    body: { side: 'blocked_by', task_id: blocker },
  });
  expect(added.status, await added.clone().text()).toBe(201);
  return { blocker, blocked };
}

describe('"unblocked" is told from the change that finished the blocker', () => {
  it('is not looked for when the finished task blocks nothing (a sub-task under its parent)', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Parent of one');
    const child = await createTask(world.owner, world.projectId, 'Its only sub-task');
    const placed = await world.owner.api(`/api/tasks/${child}/parent`, {
      method: 'PUT',
      body: { parent_id: parent },
    });
    expect(placed.status, await placed.clone().text()).toBeLessThan(300);
    const lookFor = (statements: string[]) => statements.filter((text) => text.includes("'unblocked'"));
    // The parent is told of the change (its progress), but nobody waits on the sub-task.
    expect(lookFor(await statementsOf(() => patch(world.owner, child, { status: 'DONE' })))).toEqual([]);
    // A blocker finished is looked for, as before.
    const { blocker } = await blockedPair('Looked for');
    expect(lookFor(await statementsOf(() => patch(world.owner, blocker, { status: 'DONE' })))).toHaveLength(
      1,
    );
  });

  it('once, when another change of the finished blocker follows in the same millisecond', async () => {
    const { blocker, blocked } = await blockedPair('Same ms');
    // Every request below reads the same instant, as two requests within one millisecond do.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    await patch(world.owner, blocker, { status: 'DONE' });
    expect(await unblockedRows(blocked)).toEqual([
      { user_id: world.member.userId, actor_id: world.owner.userId },
    ]);
    // Edits of the finished blocker that change no status.
    await patch(world.owner, blocker, { title: 'Same ms blocker, renamed' });
    await patch(world.owner, blocker, { priority: 'HIGH' });
    expect(await unblockedRows(blocked)).toHaveLength(1);
  });

  it('once, when the blocker is finished and renamed by two requests at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { blocker, blocked } = await blockedPair(`Race ${round}`);
      await Promise.all([
        patch(world.owner, blocker, { status: 'DONE' }),
        patch(world.owner, blocker, { title: `Race ${round} blocker, renamed` }),
      ]);
      // One request finished it, the other renamed it (no status change): told once.
      expect(await unblockedRows(blocked)).toEqual([
        { user_id: world.member.userId, actor_id: world.owner.userId },
      ]);
    }
  });

  it('not when a change leaves a finished blocker finished (Done to Archive), nor when it reopens one', async () => {
    const { blocker, blocked } = await blockedPair('Archive');
    await patch(world.owner, blocker, { status: 'DONE' });
    await patch(world.owner, blocker, { status: 'ARCHIVE' });
    expect(await unblockedRows(blocked)).toHaveLength(1);
    await patch(world.owner, blocker, { status: 'TODO' });
    expect(await unblockedRows(blocked)).toHaveLength(1);
    await patch(world.owner, blocker, { status: 'DONE' });
    expect(await unblockedRows(blocked)).toHaveLength(2);
  });
});

describe('the look for unblocked tasks', () => {
  /** Shared buffers the statement touches, planned as a prepared statement is from its sixth run on. */
  async function buffersOf(statement: ReturnType<typeof unblockedStatement>, mode: string) {
    let touched = Number.NaN;
    await server.deps.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT set_config('plan_cache_mode', ${mode}, true)`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>`
          EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`.execute(trx);
        const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
        touched = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
        // Nothing it wrote stays: the notifications of this look are not the test's.
        throw new Error('rolled back');
      })
      .catch((error: Error) => {
        if (error.message !== 'rolled back') throw error;
      });
    return touched;
  }

  it('reads by key from the finished task, however many open tasks its project holds', async () => {
    const { blocker, blocked } = await blockedPair('Keyed');
    await patch(world.owner, blocker, { status: 'DONE' });
    const finished = [{ taskId: blocker, status: 'DONE', dependentIds: [blocked] }];
    // 600 more open tasks in the project (ranks of the fractional indexing, after the first task's
    // a0 and before its next one's a1). A plan that starts from the project's open tasks (as one
    // did, on tables without statistics) visits each of them and its watchers: over 1,000 buffers.
    await sql`
      INSERT INTO task (project_id, reference, title, rank)
      SELECT ${world.projectId}::uuid, 100000 + n, 'Filler ' || n, 'a0' || lpad(n::text, 4, '0') || 'V'
      FROM generate_series(1, 600) AS n`.execute(server.deps.db);
    const after = await createTask(world.owner, world.projectId, 'Made after the fillers');
    expect(after).toBeTruthy();
    for (const mode of ['force_generic_plan', 'force_custom_plan'])
      expect(await buffersOf(unblockedStatement(finished, world.owner.userId), mode), mode).toBeLessThan(120);
  });
});
