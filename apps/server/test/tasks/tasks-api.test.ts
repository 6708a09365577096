// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { generateKeyBetween } from 'fractional-indexing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { statementsOf } from '../support/count-statements.ts';

/**
 * The statements of a task change less the one that may follow its commit, at most once: after a
 * change to Done or Archive, the notice to whoever that task no longer blocks (record-unblocked.ts).
 * Whom the log trigger told comes back from the change's own statement (figgle_take_notified), so
 * nothing reads the notifications back. The write itself stays one statement.
 */
const FOLLOW_UPS = [/^with blocker as/i];
function withoutNotificationRead(statements: string[]): string[] {
  for (const followUp of FOLLOW_UPS)
    expect(statements.filter((statement) => followUp.test(statement.trim())).length).toBeLessThanOrEqual(1);
  expect(statements.filter((statement) => /from "notification"/i.test(statement))).toEqual([]);
  return statements.filter((statement) => !FOLLOW_UPS.some((followUp) => followUp.test(statement.trim())));
}

import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { createEnginesWorld, createOrganizationAs, giveRule } from '../organizations/organizations-world.ts';
import { createProject } from '../support/projects.ts';
import { logLinesOf } from '../support/task-rows.ts';

interface Summary {
  task_id: string;
  project_id: string;
  reference: number;
  title: string;
  status: string;
  rank: string;
  version: number;
  assignee: { user_id: string; firstname: string; lastname: string } | null;
  last_modifier: { user_id: string; firstname: string; lastname: string } | null;
  comments_total: number;
  created_at: string;
}

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let bob: TestUser;
let adaOrg: string;
let bobOrg: string;
const events: BusEvent[] = [];

async function createTask(
  user: TestUser,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Summary> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Summary;
}

async function listTasks(user: TestUser, projectId: string): Promise<Summary[]> {
  const response = await user.api(`/api/projects/${projectId}/tasks`);
  expect(response.status).toBe(200);
  return (await response.json()) as Summary[];
}

async function column(projectId: string, status: string): Promise<string[]> {
  return (await listTasks(ada, projectId)).filter((t) => t.status === status).map((t) => t.title);
}

async function taskRow(taskId: string) {
  return server.deps.db
    .selectFrom('task')
    .selectAll()
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
}

function move(user: TestUser, taskId: string, status: unknown, index: unknown) {
  return user.api('/api/kanban-update', { body: { taskId, status, index } });
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ({ ada, carol, bob, adaOrg, bobOrg } = await createEnginesWorld(server, mail));
  server.deps.bus.subscribe((event) => events.push(event));
});

describe('POST /api/projects/:projectId/tasks', () => {
  it('writes the next reference, author, rank at the end, the description as one line, and a CREATION log', async () => {
    const projectId = await createProject(ada, adaOrg, 'Creation');
    events.length = 0;
    const first = await createTask(ada, projectId, {
      title: '  Print tables  ',
      description: 'Use the printer',
      assignee_id: carol.userId,
    });
    const second = await createTask(carol, projectId, { title: 'Bind the book', status: 'DOING' });
    const third = await createTask(ada, projectId, { title: 'Check proofs' });

    expect(first).toMatchObject({
      reference: 1,
      title: 'Print tables',
      status: 'TODO',
      assignee: { user_id: carol.userId, firstname: 'Carol', lastname: 'Shaw' },
      last_modifier: { user_id: ada.userId, firstname: 'Ada', lastname: 'Lovelace' },
      comments_total: 0,
      author_id: ada.userId,
      author_name: 'Ada Lovelace',
      is_from_figma: false,
      version: 1,
    });
    expect(second).toMatchObject({
      reference: 2,
      status: 'DOING',
      assignee: null,
      author_name: 'Carol Shaw',
    });
    expect(third.reference).toBe(3);
    expect(third.rank > first.rank).toBe(true);

    const row = await taskRow(first.task_id);
    expect(row.content_json).toEqual({ ops: [{ insert: 'Use the printer\n' }] });
    expect(row.last_modified_by).toBe(ada.userId);
    expect((await taskRow(third.task_id)).content_json).toEqual({ ops: [{ insert: '\n' }] });
    expect(await logLinesOf(server, first.task_id)).toEqual([
      {
        type: 'CREATION',
        author_id: ada.userId,
        metadata: {
          title: { old: null, new: 'Print tables' },
          status: { old: null, new: 'TODO' },
          assignee_id: { old: null, new: carol.userId },
        },
      },
    ]);
    expect(events).toContainEqual({
      kind: 'task',
      action: 'created',
      id: first.task_id,
      organizationId: adaOrg,
      projectId,
      taskId: first.task_id,
      actorId: ada.userId,
    });
    const project = await server.deps.db
      .selectFrom('project')
      .select('last_reference')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project.last_reference).toBe(3);
  });

  it('gives concurrent creations distinct references and distinct ranks, in the order of their creation times', async () => {
    const projectId = await createProject(ada, adaOrg, 'Concurrent');
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createTask(i % 2 ? ada : carol, projectId, { title: `T${i}` })),
    );
    const byReference = [...created].sort((a, b) => a.reference - b.reference);
    expect(byReference.map((t) => t.reference)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(created.map((t) => t.rank)).size).toBe(40);
    // A task with a greater number was created later, and placed after the others in its column.
    const times = byReference.map((t) => Date.parse(t.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ranks = byReference.map((t) => t.rank);
    expect(ranks).toEqual([...ranks].sort());
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['no title', {}, 'title'],
    ['a title over 500 characters', { title: 't'.repeat(501) }, 'title'],
    ['a status outside the four', { title: 'Ok', status: 'BLOCKED' }, 'status'],
    ['a malformed assignee', { title: 'Ok', assignee_id: 'carol' }, 'assignee_id'],
  ])('refuses %s with a 400 and writes nothing', async (_label, body, field) => {
    const projectId = await createProject(ada, adaOrg, 'Invalid');
    const response = await ada.api(`/api/projects/${projectId}/tasks`, { body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(field);
    expect(await listTasks(ada, projectId)).toEqual([]);
  });

  it('refuses an assignee who is not a member of the organization, and rolls back the reference', async () => {
    const projectId = await createProject(ada, adaOrg, 'Members');
    const response = await ada.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'For Bob', assignee_id: bob.userId },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The assignee must be a member of the organization of the task.',
    );
    expect(await listTasks(ada, projectId)).toEqual([]);
    const next = await createTask(ada, projectId, { title: 'Real first' });
    expect(next.reference).toBe(1);
  });

  it('answers 404 in a project of another organization, and 400 for a malformed project id', async () => {
    const projectId = await createProject(ada, adaOrg, 'Guarded');
    expect((await bob.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Intrusion' } })).status).toBe(
      404,
    );
    expect((await bob.api(`/api/projects/${projectId}/tasks`)).status).toBe(404);
    expect(await listTasks(ada, projectId)).toEqual([]);
    expect((await ada.api('/api/projects/123/tasks', { body: { title: 'x' } })).status).toBe(400);
  });
});

describe('GET /api/projects/:projectId/tasks', () => {
  it('orders by status then rank, with names and comment counts', async () => {
    const projectId = await createProject(ada, adaOrg, 'Ordering');
    await createTask(ada, projectId, { title: 'Archived', status: 'ARCHIVE' });
    await createTask(ada, projectId, { title: 'Done', status: 'DONE' });
    const b = await createTask(ada, projectId, { title: 'B todo', assignee_id: carol.userId });
    await createTask(ada, projectId, { title: 'Doing', status: 'DOING' });
    await createTask(ada, projectId, { title: 'A todo' });
    await server.deps.db
      .updateTable('task')
      .set({ comments_total: 4 })
      .where('task_id', '=', b.task_id)
      .execute();

    const tasks = await listTasks(carol, projectId);
    expect(tasks.map((t) => t.title)).toEqual(['B todo', 'A todo', 'Doing', 'Done', 'Archived']);
    expect(tasks[0]).toMatchObject({
      comments_total: 4,
      assignee: { firstname: 'Carol', lastname: 'Shaw' },
      last_modifier: { firstname: 'Ada', lastname: 'Lovelace' },
    });
    expect(tasks[0]).not.toHaveProperty('content_json');
  });

  it('answers each row exactly as the task is presented elsewhere (same fields, same values)', async () => {
    const projectId = await createProject(ada, adaOrg, 'Parity');
    const plain = await createTask(ada, projectId, { title: 'Plain' });
    const assigned = await createTask(ada, projectId, {
      title: 'Given',
      assignee_id: carol.userId,
      status: 'DONE',
    });
    const moved = (await (await move(carol, plain.task_id, 'DOING', 0)).json()) as Summary;
    const list = await listTasks(ada, projectId);
    expect(list).toEqual([moved, assigned]);

    const mine = (await (await carol.api('/api/my-tasks')).json()) as Array<Summary & { project: unknown }>;
    expect(mine.find((task) => task.task_id === assigned.task_id)).toEqual({
      ...assigned,
      project: {
        project_id: projectId,
        name: 'Parity',
        trigram: 'PAR',
        emoji: 'fox',
        organization_id: adaOrg,
      },
    });
  });

  it('reads the tasks with the same number of queries for 3 tasks as for 40 (no query per row)', async () => {
    const small = await createProject(ada, adaOrg, 'Small');
    const large = await createProject(ada, adaOrg, 'Large');
    for (let i = 0; i < 3; i++) await createTask(ada, small, { title: `s${i}`, assignee_id: carol.userId });
    const values = Array.from({ length: 40 }, (_, i) => ({
      project_id: large,
      reference: i + 1,
      title: `l${i}`,
      rank: `a${String(i).padStart(3, '0')}`,
      assignee_id: i % 2 ? carol.userId : ada.userId,
      last_modified_by: i % 3 ? ada.userId : carol.userId,
    }));
    await server.deps.db.insertInto('task').values(values).execute();

    await listTasks(ada, small); // warm any per-session lookup
    const forSmall = (
      await statementsOf(async () => {
        expect(await listTasks(ada, small)).toHaveLength(3);
      })
    ).length;
    const queries = (
      await statementsOf(async () => {
        expect(await listTasks(ada, large)).toHaveLength(40);
      })
    ).length;
    expect(queries).toBe(forSmall);
    // The session with the profile (remembered on the embedded database), then the role and the list.
    expect(queries).toBe(1);
  });
  it('gzips a large list for clients that accept it, and only then', async () => {
    const projectId = await createProject(ada, adaOrg, 'Zipped');
    const values = Array.from({ length: 60 }, (_, i) => ({
      project_id: projectId,
      reference: i + 1,
      title: `A task with a reasonably long title, number ${i}`,
      rank: `a${String(i).padStart(3, '0')}`,
    }));
    await server.deps.db.insertInto('task').values(values).execute();
    const zipped = await ada.api(`/api/projects/${projectId}/tasks`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await ada.api(`/api/projects/${projectId}/tasks`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(
      Number(plain.headers.get('content-length')) / 4,
    );
    expect(await zipped.json()).toEqual(await plain.json());
  });
  it('sends a large list with brotli to clients that accept it, smaller than gzip, unless refused by q=0', async () => {
    const projectId = await createProject(ada, adaOrg, 'Brotli');
    const values = Array.from({ length: 60 }, (_, i) => ({
      project_id: projectId,
      reference: i + 1,
      title: `A task with a reasonably long title, number ${i}`,
      rank: `a${String(i).padStart(3, '0')}`,
    }));
    await server.deps.db.insertInto('task').values(values).execute();
    const path = `/api/projects/${projectId}/tasks`;
    const brotli = await ada.api(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    const gzipped = await ada.api(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(
      Number(gzipped.headers.get('content-length')),
    );
    const refused = await ada.api(path, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    // From memory the second time: the kept brotli copy answers the same list.
    const again = await ada.api(path, { headers: { 'accept-encoding': 'br' } });
    expect(again.headers.get('content-encoding')).toBe('br');
    const lists = [await brotli.json(), await gzipped.json(), await refused.json(), await again.json()];
    for (const list of lists) expect(list).toEqual(lists[0]);
    expect(lists[0]).toHaveLength(60);
  });
});

describe('GET /api/projects/:projectId/tasks from memory', () => {
  it('answers a list read again as every write it shows leaves it: moves, edits, comments, renames, deletions', async () => {
    const projectId = await createProject(ada, adaOrg, 'Remembered');
    const first = await createTask(ada, projectId, { title: 'First', assignee_id: carol.userId });
    const second = await createTask(ada, projectId, { title: 'Second' });
    const row = async (taskId: string) =>
      (await listTasks(ada, projectId)).find((task) => task.task_id === taskId);
    expect((await row(first.task_id))?.status).toBe('TODO');

    expect((await move(ada, first.task_id, 'DONE', 0)).status).toBe(200);
    expect((await row(first.task_id))?.status).toBe('DONE');
    expect(
      (await carol.api(`/api/tasks/${second.task_id}`, { method: 'PATCH', body: { title: 'Renamed' } }))
        .status,
    ).toBe(200);
    expect((await row(second.task_id))?.title).toBe('Renamed');
    expect(
      (
        await carol.api(`/api/tasks/${second.task_id}/comments`, {
          body: { content_json: { ops: [{ insert: 'Seen\n' }] } },
        })
      ).status,
    ).toBe(201);
    expect((await row(second.task_id))?.comments_total).toBe(1);
    expect((await carol.api('/api/me', { method: 'PATCH', body: { firstname: 'Caroline' } })).status).toBe(
      200,
    );
    expect((await row(first.task_id))?.assignee?.firstname).toBe('Caroline');
    expect((await ada.api(`/api/tasks/${second.task_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await row(second.task_id)).toBeUndefined();
    await carol.api('/api/me', { method: 'PATCH', body: { firstname: 'Carol' } });
  });

  it('still checks who reads: another organization gets 404, a deleted project 404, from memory too', async () => {
    const projectId = await createProject(ada, adaOrg, 'Guarded');
    await createTask(ada, projectId, { title: 'Private' });
    await listTasks(ada, projectId);
    expect((await bob.api(`/api/projects/${projectId}/tasks`)).status).toBe(404);
    expect((await ada.api(`/api/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ada.api(`/api/projects/${projectId}/tasks`)).status).toBe(404);
  });

  it('reads from memory with the session and the role, and after a write reads only the task it changed', async () => {
    const projectId = await createProject(ada, adaOrg, 'Counted');
    const task = await createTask(ada, projectId, { title: 'Count me' });
    await listTasks(ada, projectId);
    const fromMemory = await statementsOf(async () => {
      await listTasks(ada, projectId);
    });
    expect(fromMemory).toHaveLength(1);
    expect(fromMemory.some((text) => text.includes('json_agg'))).toBe(false);
    await move(ada, task.task_id, 'DOING', 0);
    const afterTheWrite = await statementsOf(async () => {
      expect((await listTasks(ada, projectId))[0]?.status).toBe('DOING');
    });
    // The list is patched (task-list-cache.ts): never read whole again for one task's change.
    expect(afterTheWrite.some((text) => text.includes('json_agg(listed)'))).toBe(false);
  });
});

describe('GET /api/tasks/:taskId', () => {
  it('answers the task with its project, description and Figma meta', async () => {
    const projectId = await createProject(ada, adaOrg, 'Detail');
    const created = await createTask(ada, projectId, { title: 'Look closer', description: 'Details' });
    const response = await carol.api(`/api/tasks/${created.task_id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      task_id: created.task_id,
      title: 'Look closer',
      content_json: { ops: [{ insert: 'Details\n' }] },
      figma_client_meta: null,
      author: { user_id: ada.userId, firstname: 'Ada', lastname: 'Lovelace' },
      project: {
        project_id: projectId,
        name: 'Detail',
        trigram: 'DET',
        emoji: 'fox',
        organization_id: adaOrg,
      },
    });
    expect((await bob.api(`/api/tasks/${created.task_id}`)).status).toBe(404);
    expect((await ada.api('/api/tasks/not-a-uuid')).status).toBe(400);
    expect((await ada.api('/api/tasks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('PATCH /api/tasks/:taskId', () => {
  it('writes one log row per change with old and new values, and bumps version and modifier', async () => {
    const projectId = await createProject(ada, adaOrg, 'Changes');
    const task = await createTask(ada, projectId, { title: 'Old title' });
    events.length = 0;

    const status = await carol.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      status: 'DONE',
      version: 2,
      last_modifier: { user_id: carol.userId },
    });
    await carol.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { title: 'New title' } });
    await carol.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { assignee_id: ada.userId } });
    const unassigned = await carol.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { assignee_id: null },
    });
    expect(await unassigned.json()).toMatchObject({ assignee: null, version: 5 });

    const logs = await logLinesOf(server, task.task_id);
    expect(logs.slice(1)).toEqual([
      { type: 'STATUS', author_id: carol.userId, metadata: { status: { old: 'TODO', new: 'DONE' } } },
      { type: 'TITLE', author_id: carol.userId, metadata: { title: { old: 'Old title', new: 'New title' } } },
      {
        type: 'ASSIGNEE',
        author_id: carol.userId,
        metadata: { assignee_id: { old: null, new: ada.userId } },
      },
      {
        type: 'ASSIGNEE',
        author_id: carol.userId,
        metadata: { assignee_id: { old: ada.userId, new: null } },
      },
    ]);
    expect(events.filter((e) => e.kind === 'task' && e.action === 'updated')).toHaveLength(4);
    expect(events[0]).toEqual({
      kind: 'task',
      action: 'updated',
      id: task.task_id,
      organizationId: adaOrg,
      projectId,
      taskId: task.task_id,
      status: 'DONE',
      actorId: carol.userId,
    });
  });

  it('changes several fields in one statement with one log row, the rules of a move included', async () => {
    const projectId = await createProject(ada, adaOrg, 'Several');
    await createTask(ada, projectId, { title: 'Already done', status: 'DONE' });
    const task = await createTask(ada, projectId, { title: 'Before' });
    await listTasks(carol, projectId); // warms the session
    let changed!: Response;
    const database = await statementsOf(async () => {
      changed = await carol.api(`/api/tasks/${task.task_id}`, {
        method: 'PATCH',
        body: { title: 'After', status: 'DONE', assignee_id: ada.userId },
      });
    });
    expect(changed.status).toBe(200);
    const writes = withoutNotificationRead(database);
    expect(writes).toHaveLength(1);
    expect(writes.at(-1)).toContain('figgle_change_task');
    expect(await column(projectId, 'DONE')).toEqual(['Already done', 'After']);
    expect((await logLinesOf(server, task.task_id)).slice(1)).toEqual([
      {
        type: 'STATUS',
        author_id: carol.userId,
        metadata: {
          status: { old: 'TODO', new: 'DONE' },
          title: { old: 'Before', new: 'After' },
          assignee_id: { old: null, new: ada.userId },
        },
      },
    ]);
    // A refused change costs one statement too, and writes nothing.
    const refused = await statementsOf(async () => {
      expect((await move(carol, task.task_id, 'TODO', 9)).status).toBe(400);
    });
    expect(refused).toHaveLength(1);
    expect((await taskRow(task.task_id)).status).toBe('DONE');
  });

  it('writes nothing when the values are already the task’s', async () => {
    const projectId = await createProject(ada, adaOrg, 'Same');
    const task = await createTask(ada, projectId, { title: 'Same', status: 'DOING' });
    const response = await ada.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { title: 'Same', status: 'DOING', assignee_id: null },
    });
    expect(await response.json()).toMatchObject({ version: 1 });
    expect(await logLinesOf(server, task.task_id)).toHaveLength(1);
  });

  it('renames in one statement: a title alone writes the task and its TITLE log row', async () => {
    const projectId = await createProject(ada, adaOrg, 'Renames');
    const task = await createTask(ada, projectId, { title: 'Before' });
    await listTasks(carol, projectId); // warms the session
    let renamed!: Response;
    const database = await statementsOf(async () => {
      renamed = await carol.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { title: 'After' } });
    });
    expect(await renamed.json()).toMatchObject({
      title: 'After',
      version: 2,
      last_modifier: { user_id: carol.userId },
    });
    const writes = withoutNotificationRead(database);
    expect(writes.at(-1)).toContain('figgle_change_task');
    expect(writes).toHaveLength(1);
    expect((await logLinesOf(server, task.task_id)).at(-1)).toEqual({
      type: 'TITLE',
      author_id: carol.userId,
      metadata: { title: { old: 'Before', new: 'After' } },
    });
    // The same title again changes nothing; a title of another organization's task is a 404.
    const same = await ada.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { title: 'After' } });
    expect(await same.json()).toMatchObject({ version: 2 });
    const foreign = await createTask(bob, await createProject(bob, bobOrg, 'Not Ada’s'), { title: 'Bob’s' });
    const refused = await ada.api(`/api/tasks/${foreign.task_id}`, {
      method: 'PATCH',
      body: { title: 'Mine' },
    });
    expect(refused.status).toBe(404);
    expect((await taskRow(foreign.task_id)).title).toBe('Bob’s');
  });

  it('moves a task whose status changes to the end of its new column', async () => {
    const projectId = await createProject(ada, adaOrg, 'Columns');
    await createTask(ada, projectId, { title: 'D1', status: 'DOING' });
    await createTask(ada, projectId, { title: 'D2', status: 'DOING' });
    const mover = await createTask(ada, projectId, { title: 'Mover' });
    const moved = await ada.api(`/api/tasks/${mover.task_id}`, {
      method: 'PATCH',
      body: { status: 'DOING' },
    });
    expect(await moved.json()).toMatchObject({
      status: 'DOING',
      version: 2,
      last_modifier: { user_id: ada.userId },
    });
    expect(await column(projectId, 'DOING')).toEqual(['D1', 'D2', 'Mover']);
    expect((await logLinesOf(server, mover.task_id)).at(-1)).toEqual({
      type: 'STATUS',
      author_id: ada.userId,
      metadata: { status: { old: 'TODO', new: 'DOING' } },
    });
    // The same status again changes nothing.
    const same = await ada.api(`/api/tasks/${mover.task_id}`, { method: 'PATCH', body: { status: 'DOING' } });
    expect(await same.json()).toMatchObject({ status: 'DOING', version: 2 });
    expect(await logLinesOf(server, mover.task_id)).toHaveLength(2);
  });

  it.each([
    ['a status outside the four', () => ({ status: 'WAITING' })],
    ['an empty title', () => ({ title: '' })],
    ['a malformed assignee', () => ({ assignee_id: 'nobody' })],
    ['an assignee of another organization', () => ({ assignee_id: bob.userId })],
  ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
    const projectId = await createProject(ada, adaOrg, 'Refusals');
    const task = await createTask(ada, projectId, { title: 'Untouched' });
    const response = await ada.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: body() });
    expect(response.status).toBe(400);
    const row = await taskRow(task.task_id);
    expect(row).toMatchObject({ title: 'Untouched', status: 'TODO', assignee_id: null, version: 1 });
    expect(await logLinesOf(server, task.task_id)).toHaveLength(1);
  });

  it('answers 404 for a task of another organization and changes nothing', async () => {
    const projectId = await createProject(bob, bobOrg, 'Foreign');
    const task = await createTask(bob, projectId, { title: 'Bob’s' });
    const response = await ada.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    expect(response.status).toBe(404);
    expect((await taskRow(task.task_id)).status).toBe('TODO');
  });
});

describe('DELETE /api/tasks/:taskId', () => {
  it('soft deletes the task and announces it; another organization gets 404', async () => {
    const projectId = await createProject(ada, adaOrg, 'Deletion');
    const task = await createTask(ada, projectId, { title: 'Gone soon' });
    expect((await bob.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(404);
    events.length = 0;
    expect((await carol.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(events).toEqual([expect.objectContaining({ kind: 'task', action: 'deleted', id: task.task_id })]);
    expect((await taskRow(task.task_id)).deleted_at).not.toBeNull();
    expect(await listTasks(ada, projectId)).toEqual([]);
    expect((await ada.api(`/api/tasks/${task.task_id}`)).status).toBe(404);
    expect((await ada.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('POST /api/kanban-update', () => {
  async function board(name: string) {
    const projectId = await createProject(ada, adaOrg, name);
    const todo: Summary[] = [];
    for (const title of ['A', 'B', 'C']) todo.push(await createTask(ada, projectId, { title }));
    const doing: Summary[] = [];
    for (const title of ['X', 'Y']) doing.push(await createTask(ada, projectId, { title, status: 'DOING' }));
    return { projectId, todo, doing };
  }

  it('reorders inside a column: to the top, the middle and the end', async () => {
    const { projectId, todo } = await board('Reorder');
    const [a, b, c] = todo as [Summary, Summary, Summary];
    expect((await move(ada, c.task_id, 'TODO', 0)).status).toBe(200);
    expect(await column(projectId, 'TODO')).toEqual(['C', 'A', 'B']);
    await move(ada, a.task_id, 'TODO', 2);
    expect(await column(projectId, 'TODO')).toEqual(['C', 'B', 'A']);
    await move(ada, b.task_id, 'TODO', 1);
    expect(await column(projectId, 'TODO')).toEqual(['C', 'B', 'A']);
    await move(ada, c.task_id, 'TODO', 1);
    expect(await column(projectId, 'TODO')).toEqual(['B', 'C', 'A']);
    expect(await logLinesOf(server, c.task_id)).toHaveLength(1);
  });

  it('moves to another column at the index, with status, rank and a STATUS log in one go', async () => {
    const { projectId, todo } = await board('Across');
    const b = todo[1]!;
    events.length = 0;
    const response = await move(carol, b.task_id, 'DOING', 1);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      task_id: b.task_id,
      status: 'DOING',
      version: 2,
      last_modifier: { user_id: carol.userId },
    });
    expect(await column(projectId, 'DOING')).toEqual(['X', 'B', 'Y']);
    expect(await column(projectId, 'TODO')).toEqual(['A', 'C']);
    expect((await logLinesOf(server, b.task_id)).at(-1)).toEqual({
      type: 'STATUS',
      author_id: carol.userId,
      metadata: { status: { old: 'TODO', new: 'DOING' } },
    });
    // Ada wrote the task and watches it: besides the task's event, her notification is announced.
    expect(events.filter((event) => event.kind !== 'notification')).toEqual([
      expect.objectContaining({
        kind: 'task',
        action: 'updated',
        id: b.task_id,
        projectId,
        actorId: carol.userId,
      }),
    ]);
    const told = await server.deps.db
      .selectFrom('notification')
      .select(['user_id', 'kind'])
      .where('task_id', '=', b.task_id)
      .execute();
    expect(told).toEqual([{ user_id: ada.userId, kind: 'change' }]);
  });

  it('answers the moved task as it is presented elsewhere, its assignee and modifier named', async () => {
    const { todo } = await board('Answer');
    const taskId = todo[0]!.task_id;
    await ada.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { assignee_id: carol.userId } });
    const moved = (await (await move(carol, taskId, 'DONE', 0)).json()) as Summary;
    const detail = (await (await ada.api(`/api/tasks/${taskId}`)).json()) as Record<string, unknown>;
    expect(Object.keys(moved).sort()).toEqual(
      Object.keys(detail)
        .filter(
          (key) => !['content_json', 'figma_client_meta', 'milestone_id', 'author', 'project'].includes(key),
        )
        .sort(),
    );
    expect(detail).toMatchObject(moved);
    expect(moved).toMatchObject({
      status: 'DONE',
      assignee: { user_id: carol.userId },
      last_modifier: { user_id: carol.userId },
    });
  });

  it('puts the task at the end of the column when index is null (My tasks)', async () => {
    const { projectId, todo } = await board('Null index');
    await move(ada, todo[0]!.task_id, 'DOING', null);
    expect(await column(projectId, 'DOING')).toEqual(['X', 'Y', 'A']);
    await move(ada, todo[1]!.task_id, 'ARCHIVE', null);
    expect(await column(projectId, 'ARCHIVE')).toEqual(['B']);
  });

  it.each([
    ['an index past the end of the column', 'DOING', 3],
    ['an index past the end of an empty column', 'DONE', 1],
    ['a negative index', 'TODO', -1],
    ['a fractional index', 'TODO', 0.5],
    ['an index that is not a number', 'TODO', 'first'],
    ['a status outside the four', 'BLOCKED', 0],
    ['no status', undefined, 0],
  ])('refuses %s with a 400 and changes nothing', async (_label, status, index) => {
    const { todo } = await board('Bad move');
    const a = todo[0]!;
    const before = await taskRow(a.task_id);
    const response = await move(ada, a.task_id, status, index);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(0);
    expect(await taskRow(a.task_id)).toEqual(before);
    expect(await logLinesOf(server, a.task_id)).toHaveLength(1);
  });

  it('says why an index is out of range', async () => {
    const { todo } = await board('Range');
    const response = await move(ada, todo[0]!.task_id, 'DOING', 5);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      message:
        'The index 5 is out of range: the column holds 2 other task(s), so it must be between 0 and 2.',
    });
  });

  it('answers 404 for a task of another organization and 400 for a malformed id', async () => {
    const projectId = await createProject(bob, bobOrg, 'Theirs');
    const task = await createTask(bob, projectId, { title: 'Not yours' });
    expect((await move(ada, task.task_id, 'DONE', 0)).status).toBe(404);
    expect((await taskRow(task.task_id)).status).toBe('TODO');
    expect((await move(ada, 'nope', 'DONE', 0)).status).toBe(400);
  });

  it('places a move between the neighbours the column holds once its lock is taken', async () => {
    const projectId = await createProject(ada, adaOrg, 'Guarded');
    const first = await createTask(ada, projectId, { title: 'First' });
    const second = await createTask(ada, projectId, { title: 'Second' });
    const moving = await createTask(ada, projectId, { title: 'Moving', status: 'DOING' });
    // A task lands between First and Second behind the API's back: the move still sees it.
    const newcomer = await createTask(ada, projectId, { title: 'Newcomer' });
    await server.deps.db
      .updateTable('task')
      .set({ rank: generateKeyBetween(first.rank, second.rank) })
      .where('task_id', '=', newcomer.task_id)
      .execute();
    expect((await move(ada, moving.task_id, 'TODO', 1)).status).toBe(200);
    expect(await column(projectId, 'TODO')).toEqual(['First', 'Moving', 'Newcomer', 'Second']);
  });

  it('moves in one statement, with no transaction around it', async () => {
    const { projectId, todo } = await board('One statement');
    await move(ada, todo[0]!.task_id, 'TODO', 2); // warms the session
    // Not to Done: a task reaching Done is also looked up for the reply to Figma, after the answer.
    const database = await statementsOf(async () => {
      expect((await move(ada, todo[1]!.task_id, 'DOING', 0)).status).toBe(200);
    });
    const writes = withoutNotificationRead(database);
    expect(writes).toHaveLength(1);
    expect(writes.at(-1)).toContain('figgle_change_task');
    expect(await column(projectId, 'DOING')).toEqual(['B', 'X', 'Y']);
    expect((await logLinesOf(server, todo[1]!.task_id)).at(-1)).toMatchObject({ type: 'STATUS' });
  });

  it('places a task between two that share a rank by spreading the column out first', async () => {
    const { projectId, todo } = await board('Shared rank');
    const [a, b, c] = todo as [Summary, Summary, Summary];
    await server.deps.db.updateTable('task').set({ rank: a.rank }).where('task_id', '=', b.task_id).execute();
    const moving = await createTask(ada, projectId, { title: 'M', status: 'DOING' });
    expect((await move(ada, moving.task_id, 'TODO', 1)).status).toBe(200);
    const ranks = (await listTasks(ada, projectId)).filter((t) => t.status === 'TODO').map((t) => t.rank);
    expect(new Set(ranks).size).toBe(4);
    expect((await column(projectId, 'TODO'))[1]).toBe('M');
    expect(await column(projectId, 'TODO')).toContain(c.title);
  });

  it('keeps every rank distinct when many drops land at the same place at once', async () => {
    const projectId = await createProject(ada, adaOrg, 'Storm');
    const tasks: Summary[] = [];
    for (let i = 0; i < 16; i++) tasks.push(await createTask(ada, projectId, { title: `S${i}` }));
    const responses = await Promise.all(
      tasks.map((task, i) => move(i % 2 ? ada : carol, task.task_id, i % 3 ? 'DOING' : 'TODO', 0)),
    );
    expect(responses.map((r) => r.status)).toEqual(tasks.map(() => 200));
    const after = await listTasks(ada, projectId);
    expect(new Set(after.map((t) => `${t.status}:${t.rank}`)).size).toBe(16);
  });
});

describe('GET /api/my-tasks', () => {
  it('lists the tasks assigned to the user across projects and organizations, live ones only', async () => {
    const carolsOwn = await createOrganizationAs(carol, 'Carol Co');
    const p1 = await createProject(ada, adaOrg, 'Mine one');
    const p2 = await createProject(carol, carolsOwn, 'Mine two');
    const gone = await createProject(ada, adaOrg, 'Mine gone');
    const t1 = await createTask(ada, p1, {
      title: 'For Carol 1',
      assignee_id: carol.userId,
      status: 'DOING',
    });
    const t2 = await createTask(carol, p2, { title: 'For Carol 2', assignee_id: carol.userId });
    await createTask(ada, p1, { title: 'For Ada', assignee_id: ada.userId });
    const deleted = await createTask(ada, p1, { title: 'Deleted', assignee_id: carol.userId });
    await ada.api(`/api/tasks/${deleted.task_id}`, { method: 'DELETE' });
    await createTask(ada, gone, { title: 'In deleted project', assignee_id: carol.userId });
    await ada.api(`/api/projects/${gone}`, { method: 'DELETE' });

    const before = (await (await carol.api('/api/my-tasks')).json()) as Array<
      Summary & { project: Record<string, unknown> }
    >;
    const mine = before.filter((t) => [p1, p2].includes(t.project_id));
    expect(mine.map((t) => t.task_id)).toEqual([t2.task_id, t1.task_id]);
    expect(mine[1]!.project).toEqual({
      project_id: p1,
      name: 'Mine one',
      trigram: 'MIN',
      emoji: 'fox',
      organization_id: adaOrg,
    });
    expect(before.every((t) => t.assignee?.user_id === carol.userId)).toBe(true);
    expect(before.some((t) => t.title === 'Deleted' || t.title === 'In deleted project')).toBe(false);

    // Carol leaves Ada's organization: its tasks are no longer hers to see.
    await server.deps.db
      .deleteFrom('rule')
      .where('organization_id', '=', adaOrg)
      .where('user_id', '=', carol.userId)
      .execute();
    const after = (await (await carol.api('/api/my-tasks')).json()) as Summary[];
    expect(after.map((t) => t.task_id)).toEqual([t2.task_id]);
    await giveRule(server, adaOrg, carol.userId, 'MEMBER');
  });
});
