// @database pglite
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

/**
 * Issue 42: when the last open task blocking another is done, the blocked task's assignee and
 * watchers are told (not the person who finished it), once.
 */
let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });

const unblockedRows = (taskId: string) =>
  server.deps.db
    .selectFrom('notification')
    .select(['user_id', 'actor_id', 'kind', 'detail'])
    .where('task_id', '=', taskId)
    .where(({ ref }) => ref('detail', '->>').key('field' as never), '=', 'unblocked')
    .execute();

const referenceOf = async (taskId: string) => {
  const row = await server.deps.db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['project.trigram', 'task.reference'])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return `${row.trigram}-${row.reference}`;
};

describe('the last blocker done', () => {
  it('tells the blocked task’s assignee once, when no open blocker is left', async () => {
    const first = await createTask(world.owner, world.projectId, 'Write the API');
    const second = await createTask(world.owner, world.projectId, 'Design the form');
    const blocked = await createTask(world.owner, world.projectId, 'Ship checkout');
    const assigned = await world.owner.api(`/api/tasks/${blocked}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId },
    });
    expect(assigned.status).toBe(200);
    for (const blocker of [first, second]) {
      const added = await world.owner.api(`/api/tasks/${blocked}/relations`, {
        body: { side: 'blocked_by', task_id: blocker },
      });
      expect(added.status, await added.clone().text()).toBe(201);
    }

    // One blocker of two done: the other still blocks, nobody is told.
    expect(
      (await world.owner.api(`/api/tasks/${first}`, { method: 'PATCH', body: { status: 'DONE' } })).status,
    ).toBe(200);
    expect(await unblockedRows(blocked)).toEqual([]);

    // The last one, dropped in Done on the board: the assignee is told, the owner (who did it) is not.
    const moved = await world.owner.api('/api/kanban-update', {
      body: { taskId: second, status: 'DONE', index: null },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await unblockedRows(blocked)).toEqual([
      {
        user_id: world.member.userId,
        actor_id: world.owner.userId,
        kind: 'change',
        detail: { field: 'unblocked', from: await referenceOf(second), to: null, fields: ['unblocked'] },
      },
    ]);
    const inbox = (await (await world.member.api('/api/notifications')).json()) as {
      entries: Array<{ task: { task_id: string }; detail: { field?: string } }>;
    };
    expect(
      inbox.entries.some((item) => item.task.task_id === blocked && item.detail.field === 'unblocked'),
    ).toBe(true);

    // A later edit of the finished blocker tells nobody again.
    expect(
      (
        await world.owner.api(`/api/tasks/${second}`, {
          method: 'PATCH',
          body: { title: 'Design the form, v2' },
        })
      ).status,
    ).toBe(200);
    expect(await unblockedRows(blocked)).toHaveLength(1);
  });

  it('tells each blocked task’s assignee, naming its own blocker, when one bulk change finishes both blockers', async () => {
    const blockers = [
      await createTask(world.owner, world.projectId, 'Bulk blocker one'),
      await createTask(world.owner, world.projectId, 'Bulk blocker two'),
    ];
    const blocked = [
      await createTask(world.owner, world.projectId, 'Waits on one'),
      await createTask(world.owner, world.projectId, 'Waits on two'),
    ];
    for (const [index, task] of blocked.entries()) {
      const assigned = await world.owner.api(`/api/tasks/${task}`, {
        method: 'PATCH',
        body: { assignee_id: world.member.userId },
      });
      expect(assigned.status).toBe(200);
      const added = await world.owner.api(`/api/tasks/${task}/relations`, {
        body: { side: 'blocked_by', task_id: blockers[index] },
      });
      expect(added.status, await added.clone().text()).toBe(201);
    }
    const bulk = await world.owner.api('/api/tasks/bulk-change', {
      body: { groups: [{ task_ids: blockers, changes: { status: 'DONE' } }] },
    });
    expect(bulk.status, await bulk.clone().text()).toBe(200);
    for (const [index, task] of blocked.entries())
      expect(await unblockedRows(task)).toEqual([
        {
          user_id: world.member.userId,
          actor_id: world.owner.userId,
          kind: 'change',
          detail: {
            field: 'unblocked',
            from: await referenceOf(blockers[index]!),
            to: null,
            fields: ['unblocked'],
          },
        },
      ]);
  });

  it('tells nobody when the blocked task is already done, or when its assignee finished the blocker', async () => {
    const blocker = await createTask(world.member, world.projectId, 'Blocker');
    const blocked = await createTask(world.owner, world.projectId, 'Blocked');
    await world.owner.api(`/api/tasks/${blocked}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId },
    });
    await world.owner.api(`/api/tasks/${blocker}/relations`, { body: { side: 'blocks', task_id: blocked } });
    // The owner watches the blocked task (its author); the member finishes the blocker.
    expect(
      (await world.member.api(`/api/tasks/${blocker}`, { method: 'PATCH', body: { status: 'DONE' } })).status,
    ).toBe(200);
    expect((await unblockedRows(blocked)).map((row) => row.user_id)).toEqual([world.owner.userId]);

    const doneBlocker = await createTask(world.owner, world.projectId, 'Late blocker');
    const doneTask = await createTask(world.owner, world.projectId, 'Done already');
    await world.owner.api(`/api/tasks/${doneTask}`, {
      method: 'PATCH',
      body: { status: 'DONE', assignee_id: world.member.userId },
    });
    await world.owner.api(`/api/tasks/${doneBlocker}/relations`, {
      body: { side: 'blocks', task_id: doneTask },
    });
    await world.owner.api(`/api/tasks/${doneBlocker}`, { method: 'PATCH', body: { status: 'ARCHIVE' } });
    expect(await unblockedRows(doneTask)).toEqual([]);
  });
});
