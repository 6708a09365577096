// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
