// @database pglite
import type { ChecklistItemView, ChecklistView } from '@figgle/shared/checklist-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject } from '../support/projects.ts';

interface Summary {
  task_id: string;
  project_id: string;
  reference: number;
  title: string;
  status: string;
  version: number;
  checklist: { done: number; total: number };
}

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let bob: TestUser;
let projectId: string;
let bobProjectId: string;
const events: BusEvent[] = [];

async function createTask(user: TestUser, inProject: string, title: string): Promise<Summary> {
  const response = await user.api(`/api/projects/${inProject}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Summary;
}

async function addItem(user: TestUser, taskId: string, text: string): Promise<ChecklistItemView> {
  const response = await user.api(`/api/tasks/${taskId}/checklist`, { body: { text } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ChecklistItemView;
}

async function checklist(user: TestUser, taskId: string): Promise<ChecklistItemView[]> {
  const response = await user.api(`/api/tasks/${taskId}/checklist`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ChecklistView).items;
}

const texts = async (taskId: string) => (await checklist(ada, taskId)).map((item) => item.text);

function patchItem(user: TestUser, itemId: string, body: unknown) {
  return user.api(`/api/checklist-items/${itemId}`, { method: 'PATCH', body });
}

/** The task events published for one task since `from`. */
const taskEventsOf = (taskId: string, from: number) =>
  events.slice(from).filter((event) => event.kind === 'task' && event.taskId === taskId);

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  bob = await createUser(server, mail, { firstname: 'Bob', lastname: 'Other' });
  projectId = await createProject(ada, await createOrganizationAs(ada, 'Engines'), 'Checklists');
  bobProjectId = await createProject(bob, await createOrganizationAs(bob, 'Elsewhere'), 'Private');
  server.deps.bus.subscribe((event) => events.push(event));
});

describe('checklist of a task', () => {
  it('adds items at the end, trimmed and not done, and publishes the task event for each', async () => {
    const task = await createTask(ada, projectId, 'Ship the engine');
    const from = events.length;
    const first = await addItem(ada, task.task_id, '  Grease the gears  ');
    await addItem(ada, task.task_id, 'Tighten the bolts');
    await addItem(ada, task.task_id, 'Test the crank');

    expect(first).toMatchObject({ text: 'Grease the gears', done: false, converted_task: null });
    expect(await texts(task.task_id)).toEqual(['Grease the gears', 'Tighten the bolts', 'Test the crank']);
    const ranks = (await checklist(ada, task.task_id)).map((item) => item.rank);
    expect([...ranks].sort()).toEqual(ranks);
    expect(taskEventsOf(task.task_id, from)).toHaveLength(3);
    expect(taskEventsOf(task.task_id, from)[0]).toMatchObject({
      action: 'updated',
      projectId,
      actorId: ada.userId,
    });
  });

  it('checks, unchecks and edits an item in place', async () => {
    const task = await createTask(ada, projectId, 'Edit items');
    const item = await addItem(ada, task.task_id, 'Draft');
    const from = events.length;

    const checked = await patchItem(ada, item.item_id, { done: true });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ item_id: item.item_id, text: 'Draft', done: true });

    const edited = await patchItem(ada, item.item_id, { text: ' Final draft ' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ text: 'Final draft', done: true });

    expect((await patchItem(ada, item.item_id, { done: false })).status).toBe(200);
    expect(await checklist(ada, task.task_id)).toMatchObject([{ text: 'Final draft', done: false }]);
    expect(taskEventsOf(task.task_id, from)).toHaveLength(3);
  });

  it('reorders by index, counted without the item, as a board move', async () => {
    const task = await createTask(ada, projectId, 'Reorder');
    const [a, b, c] = [
      await addItem(ada, task.task_id, 'A'),
      await addItem(ada, task.task_id, 'B'),
      await addItem(ada, task.task_id, 'C'),
    ];
    expect((await patchItem(ada, c!.item_id, { index: 0 })).status).toBe(200);
    expect(await texts(task.task_id)).toEqual(['C', 'A', 'B']);
    expect((await patchItem(ada, c!.item_id, { index: 2 })).status).toBe(200);
    expect(await texts(task.task_id)).toEqual(['A', 'B', 'C']);
    expect((await patchItem(ada, a!.item_id, { index: 1 })).status).toBe(200);
    expect(await texts(task.task_id)).toEqual(['B', 'A', 'C']);
    expect((await patchItem(ada, b!.item_id, { index: 1, done: true })).status).toBe(200);
    expect(await checklist(ada, task.task_id)).toMatchObject([
      { text: 'A', done: false },
      { text: 'B', done: true },
      { text: 'C', done: false },
    ]);

    const outOfRange = await patchItem(ada, a!.item_id, { index: 3 });
    expect(outOfRange.status).toBe(400);
    expect(((await outOfRange.json()) as { message: string }).message).toContain('between 0 and 2');
    expect(await texts(task.task_id)).toEqual(['A', 'B', 'C']);
  });

  it('removes an item, and a second removal answers 404', async () => {
    const task = await createTask(ada, projectId, 'Remove');
    const keep = await addItem(ada, task.task_id, 'Keep');
    const drop = await addItem(ada, task.task_id, 'Drop');
    const from = events.length;

    expect((await ada.api(`/api/checklist-items/${drop.item_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await checklist(ada, task.task_id)).toMatchObject([{ item_id: keep.item_id }]);
    expect(taskEventsOf(task.task_id, from)).toHaveLength(1);
    expect((await ada.api(`/api/checklist-items/${drop.item_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('converts an item into a sub-task of the same project, linked back, once', async () => {
    const task = await createTask(ada, projectId, 'Convert');
    const item = await addItem(ada, task.task_id, 'Write the manual');
    const from = events.length;

    const response = await ada.api(`/api/checklist-items/${item.item_id}/convert`, { method: 'POST' });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as Summary;
    expect(created).toMatchObject({ project_id: projectId, title: 'Write the manual', status: 'TODO' });
    expect(created.reference).toBeGreaterThan(task.reference);
    // A sub-task of the checklist's task (issue 42).
    const structure = (await (await ada.api(`/api/tasks/${task.task_id}/structure`)).json()) as {
      subtasks: Array<{ task_id: string }>;
    };
    expect(structure.subtasks.map((subtask) => subtask.task_id)).toEqual([created.task_id]);

    expect(await checklist(ada, task.task_id)).toMatchObject([
      {
        item_id: item.item_id,
        text: 'Write the manual',
        converted_task: { task_id: created.task_id, reference: created.reference },
      },
    ]);
    const published = events.slice(from).filter((event) => event.kind === 'task');
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'created', taskId: created.task_id }),
        expect.objectContaining({ action: 'updated', taskId: task.task_id }),
      ]),
    );

    const again = await ada.api(`/api/checklist-items/${item.item_id}/convert`, { method: 'POST' });
    expect(again.status).toBe(409);
    const titles = ((await (await ada.api(`/api/projects/${projectId}/tasks`)).json()) as Summary[]).filter(
      (row) => row.title === 'Write the manual',
    );
    expect(titles).toHaveLength(1);
  });

  it('keeps a long text whole in the description of the task it becomes', async () => {
    const task = await createTask(ada, projectId, 'Long convert');
    const long = `${'word '.repeat(190)}end`;
    const item = await addItem(ada, task.task_id, long);
    const response = await ada.api(`/api/checklist-items/${item.item_id}/convert`, { method: 'POST' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Summary;
    expect(created.title.length).toBeLessThanOrEqual(500);
    expect(created.title.endsWith('…')).toBe(true);
    const detail = (await (await ada.api(`/api/tasks/${created.task_id}`)).json()) as {
      content_json: { ops: Array<{ insert: string }> };
    };
    expect(detail.content_json.ops.map((op) => op.insert).join('')).toContain(long);
  });

  it('shows the "done/total" progress in the task summary, on the task page and in the list', async () => {
    const task = await createTask(ada, projectId, 'Progress');
    expect(task.checklist).toEqual({ done: 0, total: 0 });
    const items = [];
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five'])
      items.push(await addItem(ada, task.task_id, text));
    for (const item of items.slice(0, 3)) await patchItem(ada, item.item_id, { done: true });

    const detail = (await (await ada.api(`/api/tasks/${task.task_id}`)).json()) as Summary;
    expect(detail.checklist).toEqual({ done: 3, total: 5 });
    const row = ((await (await ada.api(`/api/projects/${projectId}/tasks`)).json()) as Summary[]).find(
      (listed) => listed.task_id === task.task_id,
    );
    expect(row?.checklist).toEqual({ done: 3, total: 5 });

    await ada.api(`/api/checklist-items/${items[0]!.item_id}`, { method: 'DELETE' });
    const after = (await (await ada.api(`/api/tasks/${task.task_id}`)).json()) as Summary;
    expect(after.checklist).toEqual({ done: 2, total: 4 });
    expect(after.version).toBeGreaterThan(detail.version);
  });
});

describe('bad input and other organizations', () => {
  it('refuses an item of 10,000 characters with a 400, and adds nothing', async () => {
    const task = await createTask(ada, projectId, 'Too long');
    const from = events.length;
    const response = await ada.api(`/api/tasks/${task.task_id}/checklist`, {
      body: { text: 'x'.repeat(10_000) },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('at most 1000 characters');
    expect(await checklist(ada, task.task_id)).toEqual([]);
    expect(taskEventsOf(task.task_id, from)).toEqual([]);
  });

  it.each([
    ['an empty text', { text: '   ' }],
    ['no text', {}],
    ['a text with a line break', { text: 'one\ntwo' }],
    ['a text that is not a string', { text: 42 }],
    ['an unknown field', { text: 'ok', done: true }],
  ])('refuses %s on creation', async (_name, body) => {
    const task = await createTask(ada, projectId, 'Bad creation');
    const response = await ada.api(`/api/tasks/${task.task_id}/checklist`, { body });
    expect(response.status).toBe(400);
    expect(await checklist(ada, task.task_id)).toEqual([]);
  });

  it.each([
    ['nothing to change', {}],
    ['an empty text', { text: '' }],
    ['a text of 1,001 characters', { text: 'y'.repeat(1001) }],
    ['a done that is not a boolean', { done: 'yes' }],
    ['a negative index', { index: -1 }],
    ['a fractional index', { index: 0.5 }],
    ['an unknown field', { task_id: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses %s on an edit, and changes nothing', async (_name, body) => {
    const task = await createTask(ada, projectId, 'Bad edit');
    const item = await addItem(ada, task.task_id, 'Stays');
    expect((await patchItem(ada, item.item_id, body)).status).toBe(400);
    expect(await checklist(ada, task.task_id)).toEqual([item]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await ada.api('/api/tasks/not-a-uuid/checklist')).status).toBe(400);
    expect((await patchItem(ada, 'not-a-uuid', { done: true })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ada.api(`/api/tasks/${unknown}/checklist`)).status).toBe(404);
    expect((await patchItem(ada, unknown, { done: true })).status).toBe(404);
    expect((await ada.api(`/api/checklist-items/${unknown}/convert`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 404 to someone of another organization, for reading, writing and converting, and changes nothing', async () => {
    const secret = await createTask(bob, bobProjectId, 'Secret');
    const item = await addItem(bob, secret.task_id, 'Secret step');
    const before = events.length;

    expect((await ada.api(`/api/tasks/${secret.task_id}/checklist`)).status).toBe(404);
    expect(
      (await ada.api(`/api/tasks/${secret.task_id}/checklist`, { body: { text: 'Intrusion' } })).status,
    ).toBe(404);
    expect((await patchItem(ada, item.item_id, { done: true, text: 'Hacked' })).status).toBe(404);
    expect((await ada.api(`/api/checklist-items/${item.item_id}`, { method: 'DELETE' })).status).toBe(404);
    const convert = await ada.api(`/api/checklist-items/${item.item_id}/convert`, { method: 'POST' });
    expect(convert.status).toBe(404);

    expect(await checklist(bob, secret.task_id)).toEqual([item]);
    const bobTasks = (await (await bob.api(`/api/projects/${bobProjectId}/tasks`)).json()) as Summary[];
    expect(bobTasks.map((task) => task.title)).toEqual(['Secret']);
    expect(events.length).toBe(before);
  });

  it('answers 404 for the items of a deleted task', async () => {
    const task = await createTask(ada, projectId, 'Deleted');
    const item = await addItem(ada, task.task_id, 'Orphan');
    expect((await ada.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ada.api(`/api/tasks/${task.task_id}/checklist`)).status).toBe(404);
    expect((await patchItem(ada, item.item_id, { done: true })).status).toBe(404);
    expect((await ada.api(`/api/checklist-items/${item.item_id}/convert`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});
