// @database pglite
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { presentBoard } from '../../src/features/tasks/board-presenter.ts';
import { projectTasksJson } from '../../src/features/tasks/queries.ts';
import { giveRule } from '../organizations/organizations-world.ts';
import { statementsOf } from '../support/count-statements.ts';

/**
 * The list cache patches the task a write names (features/tasks/task-list-cache.ts): after every
 * kind of write, the list answered from memory must be, byte for byte, the list a cache miss reads
 * from the database at that moment, and its board shape the presenter's board shape of that list.
 */

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let organizationId: string;
let projectId: string;
let labelId: string;
const tasks: string[] = [];

/** The list as the server answers it now (from memory when it holds it), as text. */
async function answered(): Promise<string> {
  const response = await ada.api(`/api/projects/${projectId}/tasks`, {
    headers: { 'accept-encoding': 'identity' },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The board shape as the server answers it now (from memory when it holds it), as text. */
async function answeredBoard(): Promise<string> {
  const response = await ada.api(`/api/projects/${projectId}/tasks?shape=compact`, {
    headers: { 'accept-encoding': 'identity' },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The list a cache miss would answer: read whole from the database. */
async function fresh(): Promise<string> {
  return (await projectTasksJson(server.deps.db, projectId, ada.userId))!.body;
}

/** Whether the read read the list whole from the database (the full query aggregates every row). */
const readWhole = (statements: string[]) => statements.some((text) => text.includes('json_agg(listed)'));

/**
 * Warms the list in both shapes, runs the write, then reads the board shape and the list: each must
 * equal what a fresh read gives, and (when `patched`) come from memory, the changed task alone read
 * again.
 */
async function expectListAfter(write: () => Promise<Response>, patched = true): Promise<void> {
  await answered();
  await answeredBoard();
  const response = await write();
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  let body = '';
  let board = '';
  const statements = await statementsOf(async () => {
    board = await answeredBoard();
    body = await answered();
  });
  const list = await fresh();
  expect(body).toBe(list);
  expect(board).toBe(JSON.stringify(presentBoard(projectId, JSON.parse(list) as TaskSummaryView[])));
  if (patched) expect(readWhole(statements)).toBe(false);
}

/**
 * Both shapes answered once (so cached), then `write`, then the board and the list read again. Answers
 * those two and every statement sent meanwhile: `sent` holds all of them, the cache's own reads
 * (background work, left out by statementsOf) included.
 */
async function writtenThenRead(write: () => Promise<void>) {
  await answered();
  await answeredBoard();
  let body = '';
  let board = '';
  const original = pg.Client.prototype.query;
  const sent: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = args[0];
    sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const statements = await statementsOf(async () => {
    await write();
    board = await answeredBoard();
    body = await answered();
  }).finally(() => {
    pg.Client.prototype.query = original;
  });
  return { body, board, sent, statements };
}

async function created(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  carol = await createUser(server, mail, { firstname: 'Carol', lastname: 'Shaw' });
  const organization = await ada.api('/api/organizations', { body: { name: 'Patches' } });
  organizationId = ((await organization.json()) as { organization_id: string }).organization_id;
  await giveRule(server, organizationId, carol.userId, 'MEMBER');
  const project = await ada.api('/api/projects', {
    body: { name: 'Patched', trigram: 'PAT', organization_id: organizationId },
  });
  projectId = ((await project.json()) as { project_id: string }).project_id;
  const label = await ada.api(`/api/organizations/${organizationId}/labels`, {
    body: { name: 'Bug', color: 'red' },
  });
  labelId = ((await label.json()) as { label_id: string }).label_id;
  for (const [i, status] of ['TODO', 'TODO', 'TODO', 'DOING', 'DOING', 'DONE', 'ARCHIVE'].entries()) {
    tasks.push(
      await created(
        await ada.api(`/api/projects/${projectId}/tasks`, {
          body: { title: `Task ${i} "quoted" é`, status },
        }),
      ),
    );
  }
});

describe('the task list after each kind of write, from memory', () => {
  it('a task created, first or last of its column', async () => {
    await expectListAfter(() => ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'New one' } }));
    await expectListAfter(() =>
      ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'New done', status: 'DONE' } }),
    );
  });

  it('a title changed, by the task form and by a description save', async () => {
    await expectListAfter(() =>
      carol.api(`/api/tasks/${tasks[0]}`, { method: 'PATCH', body: { title: 'Renamed \\ with "quotes"' } }),
    );
    await expectListAfter(() =>
      ada.api(`/api/tasks/${tasks[1]}/content`, {
        method: 'PATCH',
        body: { content_json: { ops: [{ insert: 'Described\n' }] } },
      }),
    );
  });

  it('a move to another column, and a reorder inside one', async () => {
    const move = (taskId: string, status: string, index: number) => () =>
      ada.api('/api/kanban-update', { body: { taskId, status, index } });
    await expectListAfter(move(tasks[0]!, 'DOING', 1));
    await expectListAfter(move(tasks[2]!, 'TODO', 0));
    await expectListAfter(move(tasks[3]!, 'DOING', 2));
    await expectListAfter(move(tasks[6]!, 'TODO', 1));
    await expectListAfter(move(tasks[5]!, 'ARCHIVE', 0));
  });

  it("a move and a title change made on this server: put in from the write's own summary, not read again", async () => {
    const { body, board, sent, statements } = await writtenThenRead(async () => {
      const moved = await ada.api('/api/kanban-update', {
        body: { taskId: tasks[1], status: 'DOING', index: 0 },
      });
      expect(moved.status, await moved.clone().text()).toBe(200);
      const renamed = await ada.api(`/api/tasks/${tasks[1]}`, {
        method: 'PATCH',
        body: { title: 'Put in from its summary' },
      });
      expect(renamed.status, await renamed.clone().text()).toBe(200);
    });
    // Neither the task (listedTasks, with its column's ranks) nor the list was read again.
    expect(sent.filter((text) => text.includes('AS column_ranks'))).toEqual([]);
    expect(sent.some((text) => text.includes('figgle_change_task'))).toBe(true);
    expect(readWhole(statements)).toBe(false);
    const list = await fresh();
    expect(body).toBe(list);
    expect(board).toBe(JSON.stringify(presentBoard(projectId, JSON.parse(list) as TaskSummaryView[])));
    expect(list).toContain('Put in from its summary');
  });

  it("a sub-task that blocks another finished and opened again: its parent and the blocked task put in from the move's statement", async () => {
    const parent = await created(
      await ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Parent', status: 'DOING' } }),
    );
    const child = await created(
      await ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Child', status: 'TODO' } }),
    );
    const sibling = await created(
      await ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Sibling', status: 'DONE' } }),
    );
    const blocked = await created(
      await ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Blocked', status: 'TODO' } }),
    );
    for (const taskId of [child, sibling]) {
      const put = await ada.api(`/api/tasks/${taskId}/parent`, {
        method: 'PUT',
        body: { parent_id: parent },
      });
      expect(put.status, await put.clone().text()).toBeLessThan(300);
    }
    const related = await ada.api(`/api/tasks/${child}/relations`, {
      body: { side: 'blocks', task_id: blocked },
    });
    expect(related.status, await related.clone().text()).toBe(201);
    const structureOf = (list: string, taskId: string) => {
      const task = (JSON.parse(list) as TaskSummaryView[]).find((item) => item.task_id === taskId)!;
      return { subtasks: task.subtasks, blocked_by: task.blocked_by };
    };
    for (const [status, done, blockedBy] of [
      ['DONE', 2, 0],
      ['TODO', 1, 1],
    ] as const) {
      const { body, board, sent, statements } = await writtenThenRead(async () => {
        const moved = await ada.api('/api/kanban-update', { body: { taskId: child, status, index: 0 } });
        expect(moved.status, await moved.clone().text()).toBe(200);
      });
      // Neither the moved task nor its dependents (listedTasks, with their columns' ranks) were read again.
      expect(sent.filter((text) => text.includes('AS column_ranks'))).toEqual([]);
      expect(readWhole(statements)).toBe(false);
      const list = await fresh();
      expect(body).toBe(list);
      expect(board).toBe(JSON.stringify(presentBoard(projectId, JSON.parse(list) as TaskSummaryView[])));
      expect(structureOf(list, parent)).toEqual({ subtasks: { done, total: 2 }, blocked_by: 0 });
      expect(structureOf(list, blocked)).toEqual({ subtasks: null, blocked_by: blockedBy });
    }
  });

  it('an assignee, a due date, a priority and labels set, then taken off', async () => {
    const patch = (body: Record<string, unknown>) => () =>
      ada.api(`/api/tasks/${tasks[4]}`, { method: 'PATCH', body });
    await expectListAfter(patch({ assignee_id: carol.userId }));
    await expectListAfter(patch({ due_on: '2026-12-24', priority: 'HIGH' }));
    await expectListAfter(() =>
      ada.api(`/api/tasks/${tasks[4]}/labels`, { method: 'PUT', body: { label_ids: [labelId] } }),
    );
    await expectListAfter(patch({ assignee_id: null, due_on: null, priority: 'NONE' }));
    await expectListAfter(() =>
      ada.api(`/api/tasks/${tasks[4]}/labels`, { method: 'PUT', body: { label_ids: [] } }),
    );
  });

  it('a comment added and a checklist item added (the counts on the card)', async () => {
    await expectListAfter(() =>
      carol.api(`/api/tasks/${tasks[2]}/comments`, {
        body: { content_json: { ops: [{ insert: 'Seen\n' }] } },
      }),
    );
    await expectListAfter(() => ada.api(`/api/tasks/${tasks[2]}/checklist`, { body: { text: 'Check' } }));
  });

  it('a task deleted', async () => {
    await expectListAfter(() => ada.api(`/api/tasks/${tasks[1]}`, { method: 'DELETE' }));
  });

  it('a move that gave its column new ranks (two tasks shared one): read whole again', async () => {
    const [first, second] = (await server.deps.db
      .selectFrom('task')
      .select(['task_id', 'rank'])
      .where('project_id', '=', projectId)
      .where('status', '=', 'TODO')
      .where('deleted_at', 'is', null)
      .orderBy('rank')
      .execute())!;
    // Two equal ranks, as a write that skipped the column's lock could leave: a write of the
    // database itself, so an event tells the cache, as the trap in task-list-cache.md asks.
    await server.deps.db
      .updateTable('task')
      .set({ rank: first!.rank })
      .where('task_id', '=', second!.task_id)
      .execute();
    await server.deps.bus.publish({
      kind: 'task',
      action: 'updated',
      id: second!.task_id,
      organizationId,
      projectId,
      taskId: second!.task_id,
    });
    await answered();
    // Placed between the two equal ranks: the function spreads the column, naming only this task.
    const spread = await ada.api('/api/kanban-update', {
      body: { taskId: tasks[3], status: 'TODO', index: 1 },
    });
    expect(spread.status).toBe(200);
    expect(await answered()).toBe(await fresh());
  });

  it('a label renamed and a person renamed: every list read whole again', async () => {
    await ada.api(`/api/tasks/${tasks[4]}/labels`, { method: 'PUT', body: { label_ids: [labelId] } });
    await expectListAfter(
      () => ada.api(`/api/labels/${labelId}`, { method: 'PATCH', body: { name: 'Defect', color: 'blue' } }),
      false,
    );
    await ada.api(`/api/tasks/${tasks[4]}`, { method: 'PATCH', body: { assignee_id: carol.userId } });
    await expectListAfter(
      () => carol.api('/api/me', { method: 'PATCH', body: { firstname: 'Caroline' } }),
      false,
    );
  });

  it('many writes at once, read right after: the list is the database list', async () => {
    await answered();
    const writes = await Promise.all([
      ada.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Burst' } }),
      ada.api('/api/kanban-update', { body: { taskId: tasks[0], status: 'DONE', index: 0 } }),
      carol.api(`/api/tasks/${tasks[5]}`, { method: 'PATCH', body: { title: 'Burst rename' } }),
      ada.api('/api/kanban-update', { body: { taskId: tasks[2], status: 'TODO', index: 0 } }),
    ]);
    for (const write of writes) expect(write.status).toBeLessThan(300);
    expect(await answered()).toBe(await fresh());
  });

  it('answers a browser the board patched and compressed ahead right after each write, as the presenter would', async () => {
    // A board of over 16 KB of JSON, which is compressed.
    for (let i = 0; i < 200; i++)
      await ada.api(`/api/projects/${projectId}/tasks`, {
        body: { title: `A task with a title long enough to make the board worth compressing, ${i}` },
      });
    const boardAsBrowser = () =>
      ada.api(`/api/projects/${projectId}/tasks?shape=compact`, {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
    await boardAsBrowser();
    for (const [index, status] of ['DONE', 'TODO', 'DOING'].entries()) {
      await ada.api('/api/kanban-update', { body: { taskId: tasks[index]!, status, index: 0 } });
      await ada.api(`/api/tasks/${tasks[index + 3]!}`, {
        method: 'PATCH',
        body: { title: `Ahead ${index}` },
      });
      const answer = await boardAsBrowser();
      // The quick copy of a board just patched: gzip at its fastest level.
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      // fetch unpacks it.
      expect(await answer.text()).toBe(
        JSON.stringify(presentBoard(projectId, JSON.parse(await fresh()) as TaskSummaryView[])),
      );
    }
    // After a quiet moment, the same board as brotli.
    let later = await boardAsBrowser();
    for (let waited = 0; later.headers.get('content-encoding') !== 'br' && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await boardAsBrowser();
    }
    expect(later.headers.get('content-encoding')).toBe('br');
    expect(await later.text()).toBe(
      JSON.stringify(presentBoard(projectId, JSON.parse(await fresh()) as TaskSummaryView[])),
    );
  });

  it('answers a large patched list as gzip made of pieces to a browser, then as brotli once made', async () => {
    for (let i = 0; i < 40; i++)
      await ada.api(`/api/projects/${projectId}/tasks`, {
        body: { title: `A task with a title long enough to make the list worth compressing, number ${i}` },
      });
    const asBrowser = () =>
      ada.api(`/api/projects/${projectId}/tasks`, {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
    await asBrowser();
    for (const status of ['DONE', 'TODO']) {
      await ada.api('/api/kanban-update', { body: { taskId: tasks[4], status, index: 0 } });
      const patched = await asBrowser();
      expect(patched.headers.get('content-encoding')).toBe('gzip');
      expect(await patched.text()).toBe(await fresh());
    }
    let later = await asBrowser();
    for (let waited = 0; later.headers.get('content-encoding') !== 'br' && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await asBrowser();
    }
    expect(later.headers.get('content-encoding')).toBe('br');
    expect(await later.text()).toBe(await fresh());
  });
});
