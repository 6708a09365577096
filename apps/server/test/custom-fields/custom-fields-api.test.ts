// @database both
import type { CustomFieldView, ProjectCustomFieldsView } from '@figgle/shared/custom-field-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

// Issue 43: custom fields. Values are JSON rows checked against their field, a removed option is
// taken out of every value in SQL, and migration 0036 rewrites the log's type check: both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function createField(user: TestUser, organizationId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/organizations/${organizationId}/custom-fields`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CustomFieldView;
}

async function turnOn(user: TestUser, projectId: string, fieldId: string, onCard = false) {
  const response = await user.api(`/api/projects/${projectId}/custom-fields/${fieldId}`, {
    method: 'PUT',
    body: { enabled: true, on_card: onCard },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CustomFieldView;
}

const setValue = (user: TestUser, taskId: string, fieldId: string, value: unknown) =>
  user.api(`/api/tasks/${taskId}/custom-fields/${fieldId}`, { method: 'PUT', body: { value } });

async function projectFields(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/custom-fields`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectCustomFieldsView;
}

async function storedValues() {
  return server.deps.db.selectFrom('task_custom_value').select(['task_id', 'field_id', 'value']).execute();
}

describe('custom fields', () => {
  it('are defined in the organization, turned on in a project, set on tasks and logged', async () => {
    const platform = await createField(world.member, world.organizationId, {
      name: ' Platform ',
      kind: 'single_select',
      options: [
        { name: 'iOS', colour: 'blue' },
        { name: 'Android', colour: 'green' },
      ],
    });
    expect(platform).toMatchObject({
      name: 'Platform',
      kind: 'single_select',
      unit: null,
      projects: [],
      value_count: 0,
    });
    const [ios, android] = platform.options;
    const hours = await createField(world.owner, world.organizationId, {
      name: 'Effort',
      kind: 'number',
      unit: 'h',
    });

    expect((await turnOn(world.member, world.projectId, platform.field_id, true)).projects).toEqual([
      { project_id: world.projectId, on_card: true },
    ]);
    await turnOn(world.member, world.projectId, hours.field_id);

    expect((await setValue(world.member, world.taskId, platform.field_id, ios!.option_id)).status).toBe(204);
    expect((await setValue(world.member, world.taskId, hours.field_id, 3.5)).status).toBe(204);
    expect((await setValue(world.member, world.taskId, platform.field_id, android!.option_id)).status).toBe(
      204,
    );

    const view = await projectFields(world.member, world.projectId);
    expect(view.fields.map((field) => [field.name, field.on_card])).toEqual([
      ['Effort', false],
      ['Platform', true],
    ]);
    expect(view.values).toEqual(
      expect.arrayContaining([
        { task_id: world.taskId, field_id: platform.field_id, value: android!.option_id },
        { task_id: world.taskId, field_id: hours.field_id, value: 3.5 },
      ]),
    );

    const timeline = (await (
      await world.member.api(`/api/tasks/${world.taskId}/timeline`)
    ).json()) as TimelineView;
    const lines = timeline.items.filter((item) => item.kind === 'log' && item.type === 'CUSTOM_FIELD');
    expect(lines.map((line) => (line.kind === 'log' ? line.metadata.custom_field : null))).toEqual([
      { field_id: platform.field_id, name: 'Platform', old: null, new: 'iOS' },
      { field_id: hours.field_id, name: 'Effort', old: null, new: '3.5 h' },
      { field_id: platform.field_id, name: 'Platform', old: 'iOS', new: 'Android' },
    ]);

    // The same value again is no change and no log line.
    expect((await setValue(world.member, world.taskId, hours.field_id, 3.5)).status).toBe(204);
    const again = (await (
      await world.member.api(`/api/tasks/${world.taskId}/timeline`)
    ).json()) as TimelineView;
    expect(again.items.filter((item) => item.kind === 'log' && item.type === 'CUSTOM_FIELD')).toHaveLength(3);
  });

  it('takes every kind in its own shape', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Kinds');
    const taskId = await createTask(world.owner, projectId, 'Every kind');
    const kinds: Array<[Record<string, unknown>, unknown, unknown]> = [
      [{ name: 'Notes', kind: 'text' }, '  Short note ', 'Short note'],
      [{ name: 'Launch day', kind: 'date' }, '2027-02-28', '2027-02-28'],
      [{ name: 'Reviewer', kind: 'person' }, world.member.userId, world.member.userId],
      [{ name: 'Signed off', kind: 'checkbox' }, true, true],
      [{ name: 'Spec', kind: 'url' }, 'https://example.com/spec', 'https://example.com/spec'],
    ];
    for (const [definition, sent, kept] of kinds) {
      const field = await createField(world.owner, world.organizationId, definition);
      await turnOn(world.owner, projectId, field.field_id);
      const response = await setValue(world.owner, taskId, field.field_id, sent);
      expect(response.status, await response.clone().text()).toBe(204);
      const view = await projectFields(world.owner, projectId);
      expect(view.values.find((row) => row.field_id === field.field_id)?.value).toEqual(kept);
    }
    const devices = await createField(world.owner, world.organizationId, {
      name: 'Devices',
      kind: 'multi_select',
      options: [
        { name: 'Phone', colour: 'red' },
        { name: 'Tablet', colour: 'grape' },
        { name: 'Desktop', colour: 'gray' },
      ],
    });
    await turnOn(world.owner, projectId, devices.field_id);
    const [phone, tablet, desktop] = devices.options.map((option) => option.option_id);
    // Kept in the field's order of options.
    expect((await setValue(world.owner, taskId, devices.field_id, [desktop, phone])).status).toBe(204);
    expect(
      (await projectFields(world.owner, projectId)).values.find((row) => row.field_id === devices.field_id)
        ?.value,
    ).toEqual([phone, desktop]);
    // Removing an option takes it out of every value; a value left empty is removed.
    const patched = await world.owner.api(`/api/custom-fields/${devices.field_id}`, {
      method: 'PATCH',
      body: {
        options: [
          { option_id: tablet, name: 'Tablet', colour: 'grape' },
          { option_id: desktop, name: 'Computer', colour: 'gray' },
        ],
      },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(
      (await projectFields(world.owner, projectId)).values.find((row) => row.field_id === devices.field_id)
        ?.value,
    ).toEqual([desktop]);
  });

  it('refuses bad input with a 4xx that changes nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Refusals');
    const taskId = await createTask(world.owner, projectId, 'Refused');
    const size = await createField(world.owner, world.organizationId, {
      name: 'Size',
      kind: 'single_select',
      options: [{ name: 'Small', colour: 'teal' }],
    });
    const count = await createField(world.owner, world.organizationId, { name: 'Count', kind: 'number' });
    const notOn = await createField(world.owner, world.organizationId, { name: 'Not on', kind: 'text' });
    const foreign = await createField(world.outsider, world.outsiderOrganizationId, {
      name: 'Theirs',
      kind: 'text',
    });
    await turnOn(world.owner, projectId, size.field_id);
    await turnOn(world.owner, projectId, count.field_id);
    expect((await setValue(world.owner, taskId, count.field_id, 7)).status).toBe(204);
    const before = await storedValues();

    const refusals: Array<[string, unknown, number, RegExp]> = [
      [count.field_id, 'seven', 400, /takes a number/],
      [count.field_id, [1], 400, /a list of option ids/],
      [size.field_id, '00000000-0000-4000-8000-000000000000', 400, /option does not exist/],
      [size.field_id, 12, 400, /one of its options/],
      [notOn.field_id, 'text', 400, /not on in the task's project/],
      [foreign.field_id, 'text', 400, /not on in the task's project/],
      ['00000000-0000-4000-8000-000000000000', 'text', 400, /not on in the task's project/],
    ];
    for (const [fieldId, value, status, message] of refusals) {
      const response = await setValue(world.owner, taskId, fieldId, value);
      expect(response.status, `${fieldId} ${JSON.stringify(value)}`).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    // A malformed id, a person outside the organization, a field of another organization in a project.
    expect((await setValue(world.owner, taskId, 'not-a-uuid', 1)).status).toBe(400);
    const reviewer = await createField(world.owner, world.organizationId, {
      name: 'Approver',
      kind: 'person',
    });
    await turnOn(world.owner, projectId, reviewer.field_id);
    const stranger = await setValue(world.owner, taskId, reviewer.field_id, world.outsider.userId);
    expect(stranger.status).toBe(400);
    const foreignOn = await world.owner.api(`/api/projects/${projectId}/custom-fields/${foreign.field_id}`, {
      method: 'PUT',
      body: { enabled: true },
    });
    expect(foreignOn.status).toBe(400);
    // Definitions: a unit on a text field, options on a number, a duplicate name, a colon.
    for (const body of [
      { name: 'Unit', kind: 'text', unit: 'h' },
      { name: 'Opts', kind: 'number', options: [{ name: 'A', colour: 'red' }] },
      {
        name: 'Pick',
        kind: 'single_select',
        options: [
          { name: 'A', colour: 'red' },
          { name: 'a', colour: 'blue' },
        ],
      },
      { name: 'A:B', kind: 'text' },
      { name: 'Colour', kind: 'single_select', options: [{ name: 'A', colour: 'purple' }] },
      { name: 'Kind', kind: 'rating' },
    ]) {
      const response = await world.owner.api(`/api/organizations/${world.organizationId}/custom-fields`, {
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const duplicate = await world.owner.api(`/api/organizations/${world.organizationId}/custom-fields`, {
      body: { name: 'size', kind: 'text' },
    });
    expect(duplicate.status).toBe(409);
    const unknownOption = await world.owner.api(`/api/custom-fields/${size.field_id}`, {
      method: 'PATCH',
      body: { options: [{ option_id: '00000000-0000-4000-8000-000000000000', name: 'X', colour: 'red' }] },
    });
    expect(unknownOption.status).toBe(400);
    expect(await storedValues()).toEqual(before);
    // Another organization's field is not found from outside it.
    expect(
      (await world.outsider.api(`/api/custom-fields/${size.field_id}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('deleting a field says how many tasks hold a value, and removes the values', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Deletion');
    const field = await createField(world.owner, world.organizationId, { name: 'Customer', kind: 'text' });
    await turnOn(world.owner, projectId, field.field_id);
    for (const title of ['One', 'Two', 'Three']) {
      const taskId = await createTask(world.owner, projectId, title);
      expect((await setValue(world.owner, taskId, field.field_id, `ACME ${title}`)).status).toBe(204);
    }
    const listed = (await (
      await world.member.api(`/api/organizations/${world.organizationId}/custom-fields`)
    ).json()) as CustomFieldView[];
    expect(listed.find((row) => row.field_id === field.field_id)?.value_count).toBe(3);
    expect(
      (await world.member.api(`/api/custom-fields/${field.field_id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await storedValues()).filter((row) => row.field_id === field.field_id)).toEqual([]);
    expect((await projectFields(world.owner, projectId)).fields).toEqual([]);
  });

  it('are exported (a CSV column each, JSON) and searchable as Platform:iOS', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Export');
    const platform = await createField(world.owner, world.organizationId, {
      name: 'Device',
      kind: 'single_select',
      options: [
        { name: 'iOS', colour: 'blue' },
        { name: 'Web', colour: 'teal' },
      ],
    });
    const owner = await createField(world.owner, world.organizationId, { name: 'Checker', kind: 'person' });
    await turnOn(world.owner, projectId, platform.field_id);
    await turnOn(world.owner, projectId, owner.field_id);
    const phone = await createTask(world.owner, projectId, 'Phone login');
    const site = await createTask(world.owner, projectId, 'Site login');
    expect(
      (await setValue(world.owner, phone, platform.field_id, platform.options[0]!.option_id)).status,
    ).toBe(204);
    expect((await setValue(world.owner, phone, owner.field_id, world.member.userId)).status).toBe(204);
    expect(
      (await setValue(world.owner, site, platform.field_id, platform.options[1]!.option_id)).status,
    ).toBe(204);

    const csv = await (await world.owner.api(`/api/projects/${projectId}/export.csv`)).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.split(',').slice(-2)).toEqual(['Checker', 'Device']);
    expect(lines.find((line) => line.includes('Phone login'))).toMatch(
      new RegExp(`,${world.member.email.replace(/[.+]/g, '\\$&')},iOS$`),
    );
    expect(lines.find((line) => line.includes('Site login'))).toMatch(/,,Web$/);

    const json = (await (await world.owner.api(`/api/projects/${projectId}/export.json`)).json()) as {
      custom_fields: Array<{ id: string; name: string }>;
      tasks: Array<{ title: string; custom_values: Array<{ field: string; value: unknown }> }>;
      members: Array<{ email: string }>;
    };
    expect(json.custom_fields.map((field) => field.name)).toEqual(['Checker', 'Device']);
    expect(json.tasks.find((task) => task.title === 'Phone login')?.custom_values).toEqual(
      expect.arrayContaining([{ field: platform.field_id, value: platform.options[0]!.option_id }]),
    );
    expect(json.members.map((person) => person.email)).toContain(world.member.email);

    const search = async (q: string) => {
      const response = await world.owner.api(
        `/api/search?q=${encodeURIComponent(q)}&project_id=${projectId}`,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = (await response.json()) as { tasks: { items: Array<{ task_id: string }> } };
      return answer.tasks.items.map((item) => item.task_id);
    };
    expect(await search('Device:iOS')).toEqual([phone]);
    expect(await search('device:web login')).toEqual([site]);
    expect(await search('Device:Android')).toEqual([]);
  });
});
