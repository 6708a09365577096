// @database pglite
import { randomUUID } from 'node:crypto';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * POST /api/tasks/bulk-change's labels, estimate and custom field value (issue 43): each written with
 * its own checks and log line, and a bad value anywhere refuses the whole change with a 400 (another
 * organization's task a 404) that changes nothing. The one transaction itself is proven on both
 * databases by tasks-bulk-change.test.ts; this file is about what is accepted and written.
 */

interface Summary {
  task_id: string;
  estimate: string | null;
  labels: Array<{ label_id: string }>;
  version: number;
}

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let bob: TestUser;
let organizationId: string;
let projectId: string;
/** A project of Ada's organization without estimates nor the Platform field. */
let plainProjectId: string;
let labels: { urgent: string; design: string; bobs: string };
let platform: { fieldId: string; ios: string; android: string };
let bobTask: string;

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function organizationOf(user: TestUser, name: string): Promise<string> {
  const { organization_id } = await json<{ organization_id: string }>(
    await user.api('/api/organizations', { body: { name } }),
    201,
  );
  return organization_id;
}

async function projectIn(user: TestUser, organization: string, name: string): Promise<string> {
  const { project_id } = await json<{ project_id: string }>(
    await user.api('/api/projects', {
      body: { name, trigram: name.slice(0, 3).toUpperCase(), organization_id: organization },
    }),
    201,
  );
  return project_id;
}

async function labelIn(user: TestUser, organization: string, name: string): Promise<string> {
  const { label_id } = await json<{ label_id: string }>(
    await user.api(`/api/organizations/${organization}/labels`, { body: { name, color: 'blue' } }),
    201,
  );
  return label_id;
}

async function tasksIn(user: TestUser, project: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const task = await json<Summary>(
      await user.api(`/api/projects/${project}/tasks`, { body: { title: `Task ${index}` } }),
      201,
    );
    ids.push(task.task_id);
  }
  return ids;
}

function bulk(user: TestUser, groups: unknown) {
  return user.api('/api/tasks/bulk-change', { body: { groups } });
}

/** Each task's labels (ids sorted), estimate, Platform value and version, in the order of `ids`. */
async function stateOf(ids: string[]) {
  const db = server.deps.db;
  const tasks = await db
    .selectFrom('task')
    .select(['task_id', 'estimate', 'version'])
    .where('task_id', 'in', ids)
    .execute();
  const taskLabels = await db
    .selectFrom('task_label')
    .select(['task_id', 'label_id'])
    .where('task_id', 'in', ids)
    .execute();
  const values = await db
    .selectFrom('task_custom_value')
    .select(['task_id', 'value'])
    .where('task_id', 'in', ids)
    .where('field_id', '=', platform.fieldId)
    .execute();
  return ids.map((id) => ({
    estimate: tasks.find((task) => task.task_id === id)!.estimate,
    labels: taskLabels
      .filter((row) => row.task_id === id)
      .map((row) => row.label_id)
      .sort(),
    platform: values.find((row) => row.task_id === id)?.value ?? null,
    version: tasks.find((task) => task.task_id === id)!.version,
  }));
}

async function logTypes(ids: string[]) {
  const rows = await server.deps.db
    .selectFrom('log')
    .select(['task_id', 'type'])
    .where('task_id', 'in', ids)
    .where('type', '!=', 'CREATION')
    .execute();
  return rows.map((row) => row.type).sort();
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  bob = await createUser(server, mail, { firstname: 'Bob', lastname: 'Other' });
  organizationId = await organizationOf(ada, 'Engines');
  projectId = await projectIn(ada, organizationId, 'Engines');
  plainProjectId = await projectIn(ada, organizationId, 'Plain');
  await json(
    await ada.api(`/api/projects/${projectId}`, { method: 'PATCH', body: { estimate_scale: 'points' } }),
    200,
  );
  const bobOrganization = await organizationOf(bob, 'Elsewhere');
  labels = {
    urgent: await labelIn(ada, organizationId, 'Urgent'),
    design: await labelIn(ada, organizationId, 'Design'),
    bobs: await labelIn(bob, bobOrganization, 'Secret'),
  };
  const field = await json<{ field_id: string; options: Array<{ option_id: string; name: string }> }>(
    await ada.api(`/api/organizations/${organizationId}/custom-fields`, {
      body: {
        name: 'Platform',
        kind: 'single_select',
        options: [
          { name: 'iOS', colour: 'blue' },
          { name: 'Android', colour: 'green' },
        ],
      },
    }),
    201,
  );
  platform = {
    fieldId: field.field_id,
    ios: field.options.find((option) => option.name === 'iOS')!.option_id,
    android: field.options.find((option) => option.name === 'Android')!.option_id,
  };
  await json(
    await ada.api(`/api/projects/${projectId}/custom-fields/${platform.fieldId}`, {
      method: 'PUT',
      body: { enabled: true, on_card: false },
    }),
    200,
  );
  bobTask = (await tasksIn(bob, await projectIn(bob, bobOrganization, 'Hidden'), 1))[0]!;
});

describe('POST /api/tasks/bulk-change: labels', () => {
  it('adds a label to every task and keeps the others, one LABELS line for each task it changed', async () => {
    const ids = await tasksIn(ada, projectId, 3);
    await json(
      await bulk(ada, [{ task_ids: ids.slice(0, 1), changes: { label_ids: [labels.design] } }]),
      200,
    );
    const answer = await json<{ tasks: Summary[] }>(
      await bulk(ada, [{ task_ids: ids, changes: { add_label_ids: [labels.urgent] } }]),
      200,
    );
    const both = [labels.design, labels.urgent].sort();
    expect(answer.tasks.map((task) => task.labels.map((label) => label.label_id).sort())).toEqual([
      both,
      [labels.urgent],
      [labels.urgent],
    ]);
    expect((await stateOf(ids)).map((task) => task.labels)).toEqual([both, [labels.urgent], [labels.urgent]]);
    // The first task's label_ids, then one line for each task's added label.
    expect(await logTypes(ids)).toEqual(['LABELS', 'LABELS', 'LABELS', 'LABELS']);
  });

  it('removes a label where a task has it, and changes nothing where it has not', async () => {
    const ids = await tasksIn(ada, projectId, 2);
    await json(
      await bulk(ada, [
        { task_ids: ids.slice(0, 1), changes: { label_ids: [labels.design, labels.urgent] } },
      ]),
      200,
    );
    const before = await stateOf(ids);
    await json(await bulk(ada, [{ task_ids: ids, changes: { remove_label_ids: [labels.design] } }]), 200);
    const after = await stateOf(ids);
    expect(after.map((task) => task.labels)).toEqual([[labels.urgent], []]);
    expect(after[1]!.version).toBe(before[1]!.version);
    expect(await logTypes(ids)).toEqual(['LABELS', 'LABELS']);
  });

  it("refuses another organization's label, added or removed, and changes nothing", async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const before = await stateOf(ids);
    for (const changes of [
      { add_label_ids: [labels.urgent, labels.bobs] },
      { remove_label_ids: [labels.bobs] },
      { label_ids: [randomUUID()] },
    ]) {
      const refused = await bulk(ada, [{ task_ids: ids, changes }]);
      expect(refused.status, JSON.stringify(changes)).toBe(400);
      expect(await refused.text()).toContain('label');
    }
    const mixed = await bulk(ada, [
      { task_ids: ids, changes: { label_ids: [labels.urgent], add_label_ids: [labels.design] } },
    ]);
    expect(mixed.status).toBe(400);
    expect(await stateOf(ids)).toEqual(before);
    expect(await logTypes(ids)).toEqual([]);
  });
});

describe('POST /api/tasks/bulk-change: estimate', () => {
  it("sets and clears an estimate of the projects' scale, one ESTIMATE line each", async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const answer = await json<{ tasks: Summary[] }>(
      await bulk(ada, [{ task_ids: ids, changes: { estimate: '5' } }]),
      200,
    );
    expect(answer.tasks.map((task) => task.estimate)).toEqual(['5', '5']);
    await json(await bulk(ada, [{ task_ids: ids.slice(1), changes: { estimate: null } }]), 200);
    expect((await stateOf(ids)).map((task) => task.estimate)).toEqual(['5', null]);
    expect(await logTypes(ids)).toEqual(['ESTIMATE', 'ESTIMATE', 'ESTIMATE']);
  });

  it('refuses a value off the scale, or any value where one task’s project has no estimates, changing nothing', async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const [plain] = await tasksIn(ada, plainProjectId, 1);
    const before = await stateOf([...ids, plain!]);
    const offScale = await bulk(ada, [{ task_ids: ids, changes: { estimate: 'XL' } }]);
    expect(offScale.status).toBe(400);
    expect(await offScale.text()).toContain("not on this project's scale");
    const noScale = await bulk(ada, [{ task_ids: [...ids, plain!], changes: { estimate: '3' } }]);
    expect(noScale.status).toBe(400);
    expect(await noScale.text()).toContain('does not use estimates');
    const unknown = await bulk(ada, [{ task_ids: ids, changes: { estimate: 'huge' } }]);
    expect(unknown.status).toBe(400);
    expect(await stateOf([...ids, plain!])).toEqual(before);
    expect(await logTypes([...ids, plain!])).toEqual([]);
  });
});

describe('POST /api/tasks/bulk-change: a custom field', () => {
  it("sets and removes a field's value, one CUSTOM_FIELD line each", async () => {
    const ids = await tasksIn(ada, projectId, 3);
    await json(
      await bulk(ada, [
        { task_ids: ids, changes: { custom_value: { field_id: platform.fieldId, value: platform.ios } } },
      ]),
      200,
    );
    expect((await stateOf(ids)).map((task) => task.platform)).toEqual([
      platform.ios,
      platform.ios,
      platform.ios,
    ]);
    // The undo's shape: each task its earlier value, here none.
    await json(
      await bulk(ada, [
        { task_ids: ids.slice(0, 2), changes: { custom_value: { field_id: platform.fieldId, value: null } } },
      ]),
      200,
    );
    expect((await stateOf(ids)).map((task) => task.platform)).toEqual([null, null, platform.ios]);
    expect(await logTypes(ids)).toEqual(Array(5).fill('CUSTOM_FIELD'));
  });

  it('refuses a value of the wrong kind, an option that does not exist or a field off in a project, changing nothing', async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const [plain] = await tasksIn(ada, plainProjectId, 1);
    const before = await stateOf([...ids, plain!]);
    for (const [taskIds, value] of [
      [ids, 42],
      [ids, randomUUID()],
      [[...ids, plain!], platform.android],
    ] as const) {
      const refused = await bulk(ada, [
        { task_ids: taskIds, changes: { custom_value: { field_id: platform.fieldId, value } } },
      ]);
      expect(refused.status, JSON.stringify(value)).toBe(400);
    }
    const missingField = await bulk(ada, [
      { task_ids: ids, changes: { custom_value: { field_id: 'not-an-id', value: 'x' } } },
    ]);
    expect(missingField.status).toBe(400);
    expect(await stateOf([...ids, plain!])).toEqual(before);
    expect(await logTypes([...ids, plain!])).toEqual([]);
  });

  it("refuses the whole change, whatever it sets, when a task is another organization's (404)", async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const before = await stateOf(ids);
    for (const changes of [
      { add_label_ids: [labels.urgent] },
      { estimate: '8' },
      { custom_value: { field_id: platform.fieldId, value: platform.ios } },
    ]) {
      const refused = await bulk(ada, [{ task_ids: [...ids, bobTask], changes }]);
      expect(refused.status, JSON.stringify(changes)).toBe(404);
    }
    expect(await stateOf(ids)).toEqual(before);
    expect(await logTypes(ids)).toEqual([]);
  });
});

describe('POST /api/tasks/bulk-change: move to another project', () => {
  async function placeOf(ids: string[]) {
    const rows = await server.deps.db
      .selectFrom('task')
      .select(['task_id', 'project_id', 'status', 'reference'])
      .where('task_id', 'in', ids)
      .execute();
    return ids.map((id) => rows.find((row) => row.task_id === id)!);
  }

  it('maps statuses by name, asks (409) for a status with no match and moves nothing, then moves with the answer', async () => {
    const source = await projectIn(ada, organizationId, 'Source');
    const target = await projectIn(ada, organizationId, 'Target');
    const statuses = await json<Array<{ key: string; name: string }>>(
      await ada.api(`/api/projects/${source}/statuses`, {
        body: { name: 'Waiting', color: 'gray', category: 'backlog' },
      }),
      201,
    );
    const waiting = statuses.find((status) => status.name === 'Waiting')!.key;
    const ids = await tasksIn(ada, source, 3);
    await json(await bulk(ada, [{ task_ids: ids.slice(2), changes: { status: waiting } }]), 200);
    await json(await bulk(ada, [{ task_ids: ids.slice(1, 2), changes: { status: 'DOING' } }]), 200);
    const before = await placeOf(ids);

    const asked = await bulk(ada, [{ task_ids: ids, changes: { project_id: target } }]);
    expect(asked.status).toBe(409);
    const refusal = (await asked.json()) as { code: string; issues: Array<{ path: string }> };
    expect(refusal.code).toBe('status_unmatched');
    expect(refusal.issues.map((issue) => issue.path)).toEqual(['status_map.Waiting']);
    expect(await placeOf(ids)).toEqual(before);

    const badAnswer = await bulk(ada, [
      { task_ids: ids, changes: { project_id: target, status_map: { Waiting: 'SOMEWHERE' } } },
    ]);
    expect(badAnswer.status).toBe(400);
    expect(await placeOf(ids)).toEqual(before);

    await json(
      await bulk(ada, [{ task_ids: ids, changes: { project_id: target, status_map: { Waiting: 'TODO' } } }]),
      200,
    );
    const after = await placeOf(ids);
    expect(after.map((task) => [task.project_id, task.status])).toEqual([
      [target, 'TODO'],
      [target, 'DOING'],
      [target, 'TODO'],
    ]);
    expect(new Set(after.map((task) => task.reference)).size).toBe(3);
    expect(await logTypes(ids)).toEqual(['MOVE', 'MOVE', 'MOVE', 'STATUS', 'STATUS'].sort());

    // The undo: each back to its project, in the status it had there.
    await json(
      await bulk(
        ada,
        before.map((task) => ({
          task_ids: [task.task_id],
          changes: { project_id: task.project_id, status: task.status },
        })),
      ),
      200,
    );
    expect((await placeOf(ids)).map((task) => [task.project_id, task.status])).toEqual(
      before.map((task) => [task.project_id, task.status]),
    );
  });

  it("refuses another organization's project (404), or a status map or cycle that does not go with it (400)", async () => {
    const ids = await tasksIn(ada, projectId, 2);
    const bobProject = await projectIn(bob, await organizationOf(bob, 'Far away'), 'Far');
    const before = await placeOf(ids);
    const foreign = await bulk(ada, [{ task_ids: ids, changes: { project_id: bobProject } }]);
    expect(foreign.status).toBe(404);
    const mapAlone = await bulk(ada, [{ task_ids: ids, changes: { status_map: { Waiting: 'TODO' } } }]);
    expect(mapAlone.status).toBe(400);
    const withCycle = await bulk(ada, [
      { task_ids: ids, changes: { project_id: plainProjectId, cycle_id: randomUUID() } },
    ]);
    expect(withCycle.status).toBe(400);
    expect(await placeOf(ids)).toEqual(before);
  });
});
