// @database both
import { randomUUID } from 'node:crypto';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createAdaCarolBob, giveRule } from '../organizations/organizations-world.ts';

/**
 * POST /api/tasks/bulk-change (issue 43): the list's selection bar and its undo. It is about one
 * transaction over many figgle_change_task calls, so it runs on both databases.
 */

interface Summary {
  task_id: string;
  status: string;
  priority: string;
  due_on: string | null;
  version: number;
  assignee: { user_id: string } | null;
}

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let bob: TestUser;
let adaProject: string;
let bobTask: string;
const events: BusEvent[] = [];

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function projectOf(user: TestUser, name: string): Promise<string> {
  const { organization_id } = await json<{ organization_id: string }>(
    await user.api('/api/organizations', { body: { name } }),
    201,
  );
  const { project_id } = await json<{ project_id: string }>(
    await user.api('/api/projects', { body: { name, trigram: name.slice(0, 3), organization_id } }),
    201,
  );
  return project_id;
}

async function tasksIn(user: TestUser, projectId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const task = await json<Summary>(
      await user.api(`/api/projects/${projectId}/tasks`, { body: { title: `Task ${index}` } }),
      201,
    );
    ids.push(task.task_id);
  }
  return ids;
}

function bulk(user: TestUser, groups: unknown) {
  return user.api('/api/tasks/bulk-change', { body: { groups } });
}

async function rowsOf(ids: string[]) {
  return server.deps.db
    .selectFrom('task')
    .select(['task_id', 'status', 'priority', 'assignee_id', 'due_on', 'version'])
    .where('task_id', 'in', ids)
    .orderBy('task_id')
    .execute();
}

async function logLines(ids: string[]) {
  return server.deps.db
    .selectFrom('log')
    .select(['task_id', 'type', 'metadata'])
    .where('task_id', 'in', ids)
    .where('type', '!=', 'CREATION')
    .execute();
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ({ ada, carol, bob } = await createAdaCarolBob(server, mail));
  adaProject = await projectOf(ada, 'Engines');
  const { organization_id } = await server.deps.db
    .selectFrom('project')
    .select('organization_id')
    .where('project_id', '=', adaProject)
    .executeTakeFirstOrThrow();
  await giveRule(server, organization_id, carol.userId, 'MEMBER');
  bobTask = (await tasksIn(bob, await projectOf(bob, 'Elsewhere'), 1))[0]!;
  server.deps.bus.subscribe((event) => events.push(event));
});

describe('POST /api/tasks/bulk-change', () => {
  it('changes every named task, writes one log line and one event per task, and answers their rows', async () => {
    const ids = await tasksIn(ada, adaProject, 5);
    events.length = 0;
    const answer = await json<{ tasks: Summary[] }>(
      await bulk(ada, [{ task_ids: ids, changes: { assignee_id: carol.userId, priority: 'HIGH' } }]),
      200,
    );
    expect(answer.tasks.map((task) => task.task_id)).toEqual(ids);
    expect(
      answer.tasks.every((task) => task.assignee?.user_id === carol.userId && task.priority === 'HIGH'),
    ).toBe(true);
    const rows = await rowsOf(ids);
    expect(rows.every((row) => row.assignee_id === carol.userId && row.priority === 'HIGH')).toBe(true);
    const lines = await logLines(ids);
    expect(lines.map((line) => line.task_id).sort()).toEqual([...ids].sort());
    expect(lines[0]!.metadata).toMatchObject({ priority: { new: 'HIGH' } });
    const updated = events.filter((event) => event.kind === 'task' && event.action === 'updated');
    expect(updated.map((event) => event.taskId).sort()).toEqual([...ids].sort());
    // Carol was told of each assignment (read for all five tasks at once): one live event per task.
    const told = events.filter((event) => event.kind === 'notification' && event.action === 'created');
    expect(told.every((event) => event.id === carol.userId)).toBe(true);
    expect(told.map((event) => event.taskId).sort()).toEqual([...ids].sort());
  });

  it('puts back earlier values per group, as the undo toast sends them', async () => {
    const ids = await tasksIn(ada, adaProject, 4);
    await json(await bulk(ada, [{ task_ids: ids.slice(0, 2), changes: { due_on: '2026-12-24' } }]), 200);
    const before = await rowsOf(ids);
    await json(await bulk(ada, [{ task_ids: ids, changes: { due_on: '2027-01-01', status: 'DOING' } }]), 200);
    // The undo: each task its own earlier values, grouped by value.
    await json(
      await bulk(ada, [
        { task_ids: ids.slice(0, 2), changes: { due_on: '2026-12-24', status: 'TODO' } },
        { task_ids: ids.slice(2), changes: { due_on: null, status: 'TODO' } },
      ]),
      200,
    );
    const after = await rowsOf(ids);
    expect(after.map(({ version: _, ...row }) => row)).toEqual(before.map(({ version: _, ...row }) => row));
    expect(after.every((row, index) => row.version === before[index]!.version + 2)).toBe(true);
  });

  it('refuses the whole change for one bad value, and changes nothing', async () => {
    const ids = await tasksIn(ada, adaProject, 3);
    const before = await rowsOf(ids);
    // Bob is no member of Ada's organization: the third task's assignee is refused after two were changed.
    const refused = await bulk(ada, [
      { task_ids: ids.slice(0, 2), changes: { priority: 'LOW' } },
      { task_ids: ids.slice(2), changes: { assignee_id: bob.userId } },
    ]);
    expect(refused.status).toBe(400);
    expect(await rowsOf(ids)).toEqual(before);
    expect(await logLines(ids)).toEqual([]);
    const invalid = await bulk(ada, [{ task_ids: ids, changes: { status: 'SOMEDAY' } }]);
    expect(invalid.status).toBe(400);
    expect(await rowsOf(ids)).toEqual(before);
  });

  it("refuses the whole change when one task is another organization's or missing, changing nothing", async () => {
    const ids = await tasksIn(ada, adaProject, 3);
    const before = await rowsOf(ids);
    events.length = 0;
    const foreign = await bulk(ada, [{ task_ids: [...ids, bobTask], changes: { status: 'DONE' } }]);
    expect(foreign.status).toBe(404);
    const missing = await bulk(ada, [{ task_ids: [...ids, randomUUID()], changes: { status: 'DONE' } }]);
    expect(missing.status).toBe(404);
    expect(await rowsOf(ids)).toEqual(before);
    expect(await logLines(ids)).toEqual([]);
    expect((await rowsOf([bobTask]))[0]!.status).toBe('TODO');
    expect(events.filter((event) => event.kind === 'task')).toEqual([]);
  });

  it('refuses 10,001 tasks, or a task named twice, with a 400 that says why', async () => {
    const ids = await tasksIn(ada, adaProject, 1);
    const many = Array.from({ length: 10_000 }, () => randomUUID());
    const tooMany = await bulk(ada, [{ task_ids: [...ids, ...many], changes: { priority: 'LOW' } }]);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('at most 10,000 tasks');
    const split = await bulk(ada, [
      { task_ids: ids, changes: { priority: 'LOW' } },
      { task_ids: many, changes: { priority: 'LOW' } },
    ]);
    expect(split.status).toBe(400);
    expect(await split.text()).toContain('at most 10,000 tasks');
    const twice = await bulk(ada, [
      { task_ids: ids, changes: { priority: 'LOW' } },
      { task_ids: ids, changes: { priority: 'HIGH' } },
    ]);
    expect(twice.status).toBe(400);
    expect((await rowsOf(ids))[0]!.priority).not.toBe('LOW');
  });
});

describe('POST /api/tasks/bulk-delete', () => {
  async function liveIds(ids: string[]) {
    const rows = await server.deps.db
      .selectFrom('task')
      .select('task_id')
      .where('task_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((row) => row.task_id).sort();
  }

  it('deletes every named task in one go, one event each', async () => {
    const ids = await tasksIn(ada, adaProject, 4);
    events.length = 0;
    const response = await ada.api('/api/tasks/bulk-delete', { body: { task_ids: ids.slice(0, 3) } });
    expect(response.status, await response.clone().text()).toBe(204);
    expect(await liveIds(ids)).toEqual([ids[3]]);
    const deleted = events.filter((event) => event.kind === 'task' && event.action === 'deleted');
    expect(deleted.map((event) => event.taskId).sort()).toEqual(ids.slice(0, 3).sort());
  });

  it("refuses the whole delete for another organization's task or one already gone, deleting nothing", async () => {
    const ids = await tasksIn(ada, adaProject, 3);
    const foreign = await ada.api('/api/tasks/bulk-delete', { body: { task_ids: [...ids, bobTask] } });
    expect(foreign.status).toBe(404);
    const gone = await ada.api('/api/tasks/bulk-delete', { body: { task_ids: [...ids, randomUUID()] } });
    expect(gone.status).toBe(404);
    const tooMany = await ada.api('/api/tasks/bulk-delete', {
      body: { task_ids: [...ids, ...Array.from({ length: 10_000 }, () => randomUUID())] },
    });
    expect(tooMany.status).toBe(400);
    expect(await liveIds(ids)).toEqual([...ids].sort());
    expect(await liveIds([bobTask])).toEqual([bobTask]);
  });
});
