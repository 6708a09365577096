// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

/**
 * Issue 42: deleting a parent keeps its sub-tasks as top-level tasks, or deletes the tree below it
 * when asked; a deleted task's relations go, and what it blocked is blocked no more (a recursive
 * update under the task-tree lock: run on both databases).
 */
let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });

const under = (parentId: string) => async (title: string) => {
  const made = await world.owner.api(`/api/projects/${world.projectId}/tasks`, {
    body: { title, parent_id: parentId },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return ((await made.json()) as { task_id: string }).task_id;
};

const rowOf = (taskId: string) =>
  server.deps.db
    .selectFrom('task')
    .select(['parent_id', 'deleted_at'])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();

const remove = (taskId: string, query = '') =>
  world.owner.api(`/api/tasks/${taskId}${query}`, { method: 'DELETE' });

describe('deleting a task with sub-tasks', () => {
  it('keeps its sub-tasks as top-level tasks by default, each told where it was', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Old epic');
    const [first, second] = [await under(parent)('Kept one'), await under(parent)('Kept two')];
    const grandchild = await under(second)('Still under two');

    expect((await remove(parent)).status).toBe(204);
    expect((await rowOf(parent)).deleted_at).not.toBeNull();
    for (const kept of [first, second])
      expect(await rowOf(kept)).toEqual({ parent_id: null, deleted_at: null });
    expect(await rowOf(grandchild)).toMatchObject({ parent_id: second, deleted_at: null });
    const lines = await server.deps.db
      .selectFrom('log')
      .select('metadata')
      .where('task_id', '=', first)
      .where('type', '=', 'PARENT')
      .orderBy('created_at')
      .execute();
    expect(lines.at(-1)?.metadata).toMatchObject({ parent: { old: { task_id: parent }, new: null } });
  });

  it('deletes the whole tree below it when asked, and refuses an unknown choice changing nothing', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Doomed epic');
    const child = await under(parent)('Doomed child');
    const grandchild = await under(child)('Doomed grandchild');

    const refused = await remove(parent, '?subtasks=maybe');
    expect(refused.status).toBe(400);
    expect((await rowOf(parent)).deleted_at).toBeNull();

    expect((await remove(parent, '?subtasks=delete')).status).toBe(204);
    for (const gone of [parent, child, grandchild]) expect((await rowOf(gone)).deleted_at).not.toBeNull();
    expect((await world.owner.api(`/api/tasks/${grandchild}`)).status).toBe(404);
  });

  it('removes a deleted task’s relations: what it blocked is blocked no more', async () => {
    const blocker = await createTask(world.owner, world.projectId, 'Blocker to delete');
    const blocked = await createTask(world.owner, world.projectId, 'Waiting');
    const added = await world.owner.api(`/api/tasks/${blocked}/relations`, {
      body: { side: 'blocked_by', task_id: blocker },
    });
    expect(added.status).toBe(201);
    const structure = async () =>
      (await (await world.member.api(`/api/tasks/${blocked}/structure`)).json()) as {
        relations: unknown[];
        blocked: boolean;
      };
    expect(await structure()).toMatchObject({ blocked: true });

    expect((await remove(blocker)).status).toBe(204);
    expect(await structure()).toMatchObject({ relations: [], blocked: false });
    const rows = await server.deps.db
      .selectFrom('task_relation')
      .select('relation_id')
      .where((eb) => eb.or([eb('from_task_id', '=', blocker), eb('to_task_id', '=', blocker)]))
      .execute();
    expect(rows).toEqual([]);
    const summary = (await (await world.member.api(`/api/tasks/${blocked}`)).json()) as {
      blocked_by: number;
    };
    expect(summary.blocked_by).toBe(0);
  });
});
