// @database pglite

import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

const rowsOf = (taskId: string) =>
  server.deps.db
    .selectFrom('notification')
    .select(['user_id', 'actor_id', 'kind', 'detail'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();

const watchersOf = (taskId: string) =>
  server.deps.db
    .selectFrom('task_watcher')
    .select(['user_id', 'reason', 'watching'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();

describe('notifications of task changes', () => {
  it('makes the author and the assignee watchers and tells the assignee once', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Assign me');
    expect(await watchersOf(taskId)).toEqual([
      { user_id: world.owner.userId, reason: 'author', watching: true },
    ]);
    const patched = await world.owner.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId, status: 'DOING' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await watchersOf(taskId)).toEqual([
      { user_id: world.owner.userId, reason: 'author', watching: true },
      { user_id: world.member.userId, reason: 'assignee', watching: true },
    ]);
    // One event, one row: the new assignee is told of the assignment, not also of the change.
    expect(await rowsOf(taskId)).toEqual([
      { user_id: world.member.userId, actor_id: world.owner.userId, kind: 'assignment', detail: {} },
    ]);
  });

  it('tells the watchers of a change but never the person who made it', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Watch me');
    await world.owner.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId },
    });
    const changed = await world.member.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { status: 'DONE', priority: 'HIGH' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const rows = await rowsOf(taskId);
    expect(rows.slice(1)).toEqual([
      {
        user_id: world.owner.userId,
        actor_id: world.member.userId,
        kind: 'change',
        detail: { field: 'status', from: 'TODO', to: 'DONE', fields: ['priority', 'status'] },
      },
    ]);
  });
});
