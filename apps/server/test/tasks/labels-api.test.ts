// @database pglite
import type { LabelView } from '@figgle/shared/planning-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

let server: TestServer;
let world: RealtimeWorld;
const events: BusEvent[] = [];

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(() => {
  server.deps.bus.subscribe((event) => events.push(event));
});

const labelsPath = (organizationId = world.organizationId) => `/api/organizations/${organizationId}/labels`;

async function list(user: TestUser, organizationId = world.organizationId): Promise<LabelView[]> {
  const response = await user.api(labelsPath(organizationId));
  expect(response.status).toBe(200);
  return (await response.json()) as LabelView[];
}

async function create(user: TestUser, name: string, color = 'gray'): Promise<LabelView> {
  const response = await user.api(labelsPath(), { body: { name, color } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as LabelView;
}

async function createTask(user: TestUser, projectId: string, title: string, labelIds: string[] = []) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, {
    body: { title, label_ids: labelIds },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function names(user: TestUser): Promise<string[]> {
  return (await list(user)).map((label) => label.name);
}

describe('labels of an organization', () => {
  it('lets owners and members create, rename, recolour and list them, sorted by name with task counts', async () => {
    events.length = 0;
    const zeta = await create(world.owner, '  Zeta  ', 'violet');
    expect(zeta).toEqual({ label_id: expect.any(String), name: 'Zeta', color: 'violet', task_count: 0 });
    const alpha = await create(world.member, 'alpha', 'green');
    expect(events).toContainEqual({
      kind: 'label',
      action: 'created',
      id: alpha.label_id,
      organizationId: world.organizationId,
      actorId: world.member.userId,
    });

    const projectId = await createProject(world.owner, world.organizationId, 'Counted');
    await createTask(world.owner, projectId, 'One', [zeta.label_id]);
    await createTask(world.member, projectId, 'Two', [zeta.label_id, alpha.label_id]);
    const gone = await createTask(world.owner, projectId, 'Gone', [zeta.label_id]);
    expect((await world.owner.api(`/api/tasks/${gone.task_id}`, { method: 'DELETE' })).status).toBe(204);

    const listed = await list(world.member);
    expect(listed.filter((label) => [zeta.label_id, alpha.label_id].includes(label.label_id))).toEqual([
      { label_id: alpha.label_id, name: 'alpha', color: 'green', task_count: 1 },
      // The deleted task does not count.
      { label_id: zeta.label_id, name: 'Zeta', color: 'violet', task_count: 2 },
    ]);

    events.length = 0;
    const renamed = await world.member.api(`/api/labels/${zeta.label_id}`, {
      method: 'PATCH',
      body: { name: 'Omega', color: 'indigo' },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      label_id: zeta.label_id,
      name: 'Omega',
      color: 'indigo',
      task_count: 2,
    });
    expect(events).toEqual([
      {
        kind: 'label',
        action: 'updated',
        id: zeta.label_id,
        organizationId: world.organizationId,
        actorId: world.member.userId,
      },
    ]);
    // Another case of its own name is no duplicate.
    const recased = await world.owner.api(`/api/labels/${zeta.label_id}`, {
      method: 'PATCH',
      body: { name: 'OMEGA' },
    });
    expect(recased.status).toBe(200);
    expect(((await recased.json()) as LabelView).name).toBe('OMEGA');

    // The same values again change nothing and tell nobody.
    events.length = 0;
    const same = await world.owner.api(`/api/labels/${zeta.label_id}`, {
      method: 'PATCH',
      body: { color: 'indigo' },
    });
    expect(same.status).toBe(200);
    expect(events).toEqual([]);

    const tasks = (await (
      await world.owner.api(`/api/projects/${projectId}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(tasks.map((task) => task.labels.map((label) => `${label.name}/${label.color}`))).toEqual([
      ['OMEGA/indigo'],
      ['alpha/green', 'OMEGA/indigo'],
    ]);
  });

  it('refuses a name another label has, whatever its case, with a 409 and changes nothing', async () => {
    const taken = await create(world.owner, 'Backend', 'blue');
    const other = await create(world.owner, 'Frontend', 'yellow');
    const before = await list(world.owner);

    const duplicate = await world.member.api(labelsPath(), { body: { name: ' backend ', color: 'red' } });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      statusCode: 409,
      code: 'conflict',
      message: 'A label named "backend" already exists in this organization.',
    });
    const renamed = await world.member.api(`/api/labels/${other.label_id}`, {
      method: 'PATCH',
      body: { name: 'BACKEND' },
    });
    expect(renamed.status).toBe(409);
    expect(((await renamed.json()) as { message: string }).message).toContain('already exists');
    expect(await list(world.owner)).toEqual(before);

    // Another organization may use the same name.
    const elsewhere = await world.outsider.api(labelsPath(world.outsiderOrganizationId), {
      body: { name: 'Backend', color: 'blue' },
    });
    expect(elsewhere.status).toBe(201);
    expect(taken.name).toBe('Backend');
  });

  it('deletes a label after telling how many tasks carry it, and removes it from those tasks', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Deleting');
    const doomed = await create(world.owner, 'Doomed', 'red');
    const kept = await create(world.owner, 'Kept', 'teal');
    const first = await createTask(world.owner, projectId, 'First', [doomed.label_id, kept.label_id]);
    await createTask(world.owner, projectId, 'Second', [doomed.label_id]);
    await createTask(world.owner, projectId, 'Third', [kept.label_id]);
    expect((await list(world.member)).find((label) => label.label_id === doomed.label_id)?.task_count).toBe(
      2,
    );

    events.length = 0;
    const deleted = await world.member.api(`/api/labels/${doomed.label_id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(events).toEqual([
      {
        kind: 'label',
        action: 'deleted',
        id: doomed.label_id,
        organizationId: world.organizationId,
        actorId: world.member.userId,
      },
    ]);
    expect(await names(world.owner)).not.toContain('Doomed');
    const tasks = (await (
      await world.owner.api(`/api/projects/${projectId}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(tasks.map((task) => [task.title, task.labels.map((label) => label.name)])).toEqual([
      ['First', ['Kept']],
      ['Second', []],
      ['Third', ['Kept']],
    ]);
    const carried = await server.deps.db
      .selectFrom('task_label')
      .select('task_id')
      .where('label_id', '=', doomed.label_id)
      .execute();
    expect(carried).toEqual([]);
    expect((await list(world.owner)).find((label) => label.label_id === kept.label_id)?.task_count).toBe(2);
    expect(first.labels.map((label) => label.name)).toEqual(['Doomed', 'Kept']);

    const again = await world.member.api(`/api/labels/${doomed.label_id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('answers 404 to someone without a rule in the organization and 401 without a session, changing nothing', async () => {
    const label = await create(world.owner, 'Private', 'grape');
    const before = await list(world.owner);
    const attempts = [
      world.outsider.api(labelsPath()),
      world.outsider.api(labelsPath(), { body: { name: 'Sneaky', color: 'red' } }),
      world.outsider.api(`/api/labels/${label.label_id}`, { method: 'PATCH', body: { name: 'Mine' } }),
      world.outsider.api(`/api/labels/${label.label_id}`, { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);

    const anonymous = apiAs(server, '');
    expect((await anonymous(labelsPath())).status).toBe(401);
    expect((await anonymous(`/api/labels/${label.label_id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await list(world.owner)).toEqual(before);
    // Nor may the outsider give their task a label of this organization (see planning-bad-input).
    expect((await list(world.outsider, world.outsiderOrganizationId)).map((l) => l.name)).not.toContain(
      'Private',
    );
  });
});
