// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { statementsOf } from '../support/count-statements.ts';
import { addWatchers as addWatchersTo } from './watchers-world.ts';

// Whom a change of a task's fields told (the log trigger, figgle_notify_from_log) comes back from
// the change's own statement (figgle_take_notified): each person told gets one live event, the
// event of their own change, and nothing reads the notifications back by time afterwards.

let server: TestServer;
let world: RealtimeWorld;
const events: BusEvent[] = [];

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(() => {
  server.deps.bus.subscribe((event) => {
    events.push(event);
  });
});

/** `count` members of the organization who watch the task, and one watcher who is no member. */
const addWatchers = async (taskId: string, count: number) =>
  (
    await addWatchersTo(server, { organizationId: world.organizationId, taskId, count, label: 'told' })
  ).sort();

/** The people each live notification event of the task names, sorted (one entry per event). */
function toldLive(taskId: string): string[] {
  return events
    .filter((event) => event.kind === 'notification' && event.taskId === taskId)
    .map((event) => event.id)
    .sort();
}

/** The people the task's notification rows of these kinds name, sorted (one entry per row). */
async function toldInRows(taskId: string): Promise<string[]> {
  const rows = await server.deps.db
    .selectFrom('notification')
    .select('user_id')
    .where('task_id', '=', taskId)
    .where('kind', 'in', ['assignment', 'change'])
    .execute();
  return rows.map((row) => row.user_id).sort();
}

describe('whom a change told, answered by its statement', () => {
  it('a board move tells each member who watches once, live, in its one statement', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Watched move');
    const watchers = await addWatchers(taskId, 3);
    events.length = 0;
    let moved!: Response;
    const statements = await statementsOf(async () => {
      moved = await world.owner.api('/api/kanban-update', { body: { taskId, status: 'DOING', index: 0 } });
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(toldLive(taskId)).toEqual(watchers);
    expect(await toldInRows(taskId)).toEqual(watchers);
    // The notification event is sent by whoever made the change, with their id.
    const told = events.filter((event) => event.kind === 'notification');
    expect(told.every((event) => event.actorId === world.owner.userId && event.action === 'created')).toBe(
      true,
    );
    // Nothing reads the notification rows back after the commit.
    expect(statements.filter((text) => /from "?notification"?/i.test(text))).toEqual([]);
    expect(statements.filter((text) => text.includes('figgle_change_task'))).toHaveLength(1);
  });

  it('two moves at the same instant by the same person each tell exactly their own watchers', async () => {
    const first = await createTask(world.owner, world.projectId, 'First at once');
    const second = await createTask(world.owner, world.projectId, 'Second at once');
    const firstWatchers = await addWatchers(first, 2);
    const secondWatchers = await addWatchers(second, 3);
    for (const status of ['DOING', 'DONE', 'TODO'] as const) {
      events.length = 0;
      const answers = await Promise.all([
        world.owner.api('/api/kanban-update', { body: { taskId: first, status, index: 0 } }),
        world.owner.api('/api/kanban-update', { body: { taskId: second, status, index: 0 } }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(toldLive(first)).toEqual(firstWatchers);
      expect(toldLive(second)).toEqual(secondWatchers);
    }
  });

  it('two changes of one task at the same instant: one live event per row, never one for the other change', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Changed twice at once');
    const watchers = await addWatchers(taskId, 2);
    for (const [index, assignee] of [world.member.userId, watchers[0]!, world.member.userId].entries()) {
      events.length = 0;
      const before = await toldInRows(taskId);
      const answers = await Promise.all([
        world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { assignee_id: assignee } }),
        world.owner.api(`/api/tasks/${taskId}`, {
          method: 'PATCH',
          body: { priority: index % 2 === 0 ? 'HIGH' : 'LOW' },
        }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const after = await toldInRows(taskId);
      const added = [...after];
      for (const one of before) added.splice(added.indexOf(one), 1);
      // A read by time would also announce the other change's people: an event without its row.
      expect(toldLive(taskId)).toEqual(added.sort());
    }
  });

  it('labels, a bulk change and a task made for someone tell live whom their log rows told', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Labelled');
    const watchers = await addWatchers(taskId, 2);
    const label = await world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
      body: { name: `Told ${crypto.randomUUID().slice(0, 8)}`, color: 'red' },
    });
    expect(label.status, await label.clone().text()).toBe(201);
    const { label_id } = (await label.json()) as { label_id: string };

    events.length = 0;
    const labelled = await world.owner.api(`/api/tasks/${taskId}/labels`, {
      method: 'PUT',
      body: { label_ids: [label_id] },
    });
    expect(labelled.status, await labelled.clone().text()).toBe(200);
    expect(toldLive(taskId)).toEqual(watchers);

    events.length = 0;
    const bulk = await world.owner.api('/api/tasks/bulk-change', {
      body: { groups: [{ task_ids: [taskId], changes: { priority: 'URGENT', label_ids: [] } }] },
    });
    expect(bulk.status, await bulk.clone().text()).toBe(200);
    // Two log rows (the priority, the labels), a row for each watcher of each; one live event per
    // person and task, as for every change (their unread count and list are read again).
    expect(toldLive(taskId)).toEqual(watchers);
    expect(await toldInRows(taskId)).toEqual([...watchers, ...watchers, ...watchers].sort());

    events.length = 0;
    const created = await world.owner.api(`/api/projects/${world.projectId}/tasks`, {
      body: { title: 'For the member', assignee_id: world.member.userId },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { task_id } = (await created.json()) as { task_id: string };
    expect(toldLive(task_id)).toEqual([world.member.userId]);
  });
});
