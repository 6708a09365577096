// @database pglite
import { randomUUID } from 'node:crypto';
import type { LabelView } from '@figgle/shared/planning-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

let server: TestServer;
let world: RealtimeWorld;
let projectId: string;
let task: TaskSummaryView;
let label: LabelView;
let foreignLabel: LabelView;

const labelsPath = (organizationId: string) => `/api/organizations/${organizationId}/labels`;

async function createLabel(user: TestUser, organizationId: string, name: string): Promise<LabelView> {
  const response = await user.api(labelsPath(organizationId), { body: { name, color: 'blue' } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as LabelView;
}

async function taskState(taskId: string) {
  const row = await server.deps.db
    .selectFrom('task')
    .select(['version', 'priority', 'due_at', 'title'])
    .select((eb) => eb.fn<string | null>('to_char', ['due_on', eb.val('YYYY-MM-DD')]).as('due_on'))
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  const labels = await server.deps.db
    .selectFrom('task_label')
    .select('label_id')
    .where('task_id', '=', taskId)
    .orderBy('label_id')
    .execute();
  const logs = await server.deps.db
    .selectFrom('log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { ...row, labels, logs: Number(logs.count) };
}

async function labelNames(organizationId: string): Promise<string[]> {
  const response = await world.owner.api(labelsPath(organizationId));
  return ((await response.json()) as LabelView[]).map((each) => each.name);
}

async function taskCount(): Promise<number> {
  const rows = await server.deps.db
    .selectFrom('task')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(rows.count);
}

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Bad input');
  label = await createLabel(world.owner, world.organizationId, 'Real');
  foreignLabel = await createLabel(world.outsider, world.outsiderOrganizationId, 'Foreign');
  const response = await world.owner.api(`/api/projects/${projectId}/tasks`, {
    body: { title: 'Guarded', due_on: '2026-04-01', priority: 'MEDIUM', label_ids: [label.label_id] },
  });
  expect(response.status).toBe(201);
  task = (await response.json()) as TaskSummaryView;
});

/** Each refused request must answer a 4xx with a message naming what is wrong, and change nothing. */
async function expectRefused(request: () => Promise<Response>, status: number, words: RegExp): Promise<void> {
  const before = await taskState(task.task_id);
  const tasksBefore = await taskCount();
  const response = await request();
  expect(response.status).toBe(status);
  const body = (await response.json()) as { statusCode: number; message: string };
  expect(body.statusCode).toBe(status);
  expect(body.message).toMatch(words);
  expect(await taskState(task.task_id)).toEqual(before);
  expect(await taskCount()).toBe(tasksBefore);
}

const patchTask = (body: unknown) => () =>
  world.member.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body });
const createTask = (body: Record<string, unknown>) => () =>
  world.member.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Never made', ...body } });
const putLabels = (labelIds: unknown) => () =>
  world.member.api(`/api/tasks/${task.task_id}/labels`, { method: 'PUT', body: { label_ids: labelIds } });

describe('due dates that are no real day', () => {
  it.each([
    ['a word', 'tomorrow'],
    ['a month 13', '2026-13-01'],
    ['February 30', '2026-02-30'],
    ['February 29 of a common year', '2023-02-29'],
    ['year 0', '0000-01-01'],
    ['year 10000', '10000-01-01'],
    ['a day without zeros', '2026-4-1'],
    ['a day with a time', '2026-04-01T10:00:00Z'],
    ['an empty text', ''],
  ])('refuses %s as due_on on a PATCH and on a creation', async (_label, value) => {
    await expectRefused(patchTask({ due_on: value }), 400, /due date/i);
    await expectRefused(createTask({ due_on: value }), 400, /due date/i);
  });

  it.each([
    ['a word', 'soon'],
    ['no offset', '2026-04-01T10:00:00'],
    ['February 30', '2026-02-30T10:00:00Z'],
    ['year 0', '0000-06-01T10:00:00Z'],
    ['year 10000', '10000-01-01T00:00:00Z'],
    ['an hour 25', '2026-04-01T25:00:00Z'],
    ['a day only', '2026-04-01'],
  ])('refuses %s as due_at on a PATCH and on a creation', async (_label, value) => {
    await expectRefused(patchTask({ due_at: value }), 400, /due time/i);
    await expectRefused(createTask({ due_at: value }), 400, /due time/i);
  });

  it('refuses a number for a date, and a day and a time together', async () => {
    await expectRefused(patchTask({ due_on: 20260401 }), 400, /due date/i);
    await expectRefused(patchTask({ due_on: '2026-04-02', due_at: '2026-04-02T10:00:00Z' }), 400, /not both/);
    await expectRefused(
      createTask({ due_on: '2026-04-02', due_at: '2026-04-02T10:00:00Z' }),
      400,
      /not both/,
    );
  });

  it('accepts the first and last days the rules allow', async () => {
    for (const [field, value, shown] of [
      ['due_on', '0001-01-01', '0001-01-01'],
      ['due_on', '9999-12-31', '9999-12-31'],
      ['due_on', '2024-02-29', '2024-02-29'],
      ['due_at', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
    ] as const) {
      const response = await world.member.api(`/api/projects/${projectId}/tasks`, {
        body: { title: `Edge ${value}`, [field]: value },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      expect(((await response.json()) as TaskSummaryView)[field]).toBe(shown);
    }
  });
});

describe('priorities outside the five', () => {
  it.each([['CRITICAL'], ['high'], [''], [null], [3]])('refuses %j', async (value) => {
    await expectRefused(patchTask({ priority: value }), 400, /priority/i);
    await expectRefused(createTask({ priority: value }), 400, /priority/i);
  });
});

describe('labels a task may not carry', () => {
  it('refuses a label of another organization, or no label at all, on a PUT and on a creation', async () => {
    await expectRefused(putLabels([label.label_id, foreignLabel.label_id]), 400, /label of the organization/);
    await expectRefused(putLabels([randomUUID()]), 400, /label of the organization/);
    await expectRefused(createTask({ label_ids: [foreignLabel.label_id] }), 400, /label of the organization/);
    // The outsider cannot put this organization's label on their own task either.
    const response = await world.outsider.api(`/api/tasks/${world.outsiderTaskId}/labels`, {
      method: 'PUT',
      body: { label_ids: [label.label_id] },
    });
    expect(response.status).toBe(400);
  });

  it('refuses 1,000 labels, and 21, on one task; 20 are fine', async () => {
    const thousand = Array.from({ length: 1000 }, () => randomUUID());
    await expectRefused(putLabels(thousand), 400, /at most 20 labels/);
    await expectRefused(createTask({ label_ids: thousand }), 400, /at most 20 labels/);

    const many: LabelView[] = [];
    for (let i = 0; i < 21; i += 1)
      many.push(await createLabel(world.member, world.organizationId, `Many ${i}`));
    const ids = many.map((each) => each.label_id);
    await expectRefused(putLabels(ids), 400, /at most 20 labels/);
    await expectRefused(createTask({ label_ids: ids }), 400, /at most 20 labels/);

    const twenty = await world.member.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'Twenty labels', label_ids: ids.slice(0, 20) },
    });
    expect(twenty.status).toBe(201);
    expect(((await twenty.json()) as TaskSummaryView).labels).toHaveLength(20);
  });

  it('refuses label ids that are not a list of ids', async () => {
    await expectRefused(putLabels('all'), 400, /label_ids/);
    await expectRefused(putLabels(['not-a-uuid']), 400, /label_ids/);
    await expectRefused(
      () => world.member.api(`/api/tasks/${task.task_id}/labels`, { method: 'PUT', body: {} }),
      400,
      /label_ids/,
    );
  });
});

describe('label names and colours', () => {
  it.each([
    ['an empty name', '', /required/],
    ['a blank name', '    ', /required/],
    ['a 31-character name', 'x'.repeat(31), /at most 30 characters/],
    ['a name with a text-direction control', 'evil\u202Etxt', /control/],
  ])('refuses %s on creation and on rename, changing nothing', async (_label, name, words) => {
    const before = await labelNames(world.organizationId);
    await expectRefused(
      () => world.member.api(labelsPath(world.organizationId), { body: { name, color: 'red' } }),
      400,
      words,
    );
    await expectRefused(
      () => world.member.api(`/api/labels/${label.label_id}`, { method: 'PATCH', body: { name } }),
      400,
      words,
    );
    expect(await labelNames(world.organizationId)).toEqual(before);
  });

  it('accepts a 30-character name', async () => {
    const made = await createLabel(world.member, world.organizationId, 'y'.repeat(30));
    expect(made.name).toHaveLength(30);
  });

  it('refuses a duplicate name (409), a colour outside the palette and unknown fields (400)', async () => {
    const before = await labelNames(world.organizationId);
    await expectRefused(
      () => world.member.api(labelsPath(world.organizationId), { body: { name: 'REAL', color: 'red' } }),
      409,
      /already exists/,
    );
    await expectRefused(
      () => world.member.api(labelsPath(world.organizationId), { body: { name: 'Hex', color: '#ff0000' } }),
      400,
      /colour/,
    );
    await expectRefused(
      () =>
        world.member.api(`/api/labels/${label.label_id}`, {
          method: 'PATCH',
          body: { organization_id: world.outsiderOrganizationId },
        }),
      400,
      /organization_id/,
    );
    await expectRefused(
      () => world.member.api('/api/labels/not-a-uuid', { method: 'DELETE' }),
      400,
      /labelId/,
    );
    expect(await labelNames(world.organizationId)).toEqual(before);
  });
});
