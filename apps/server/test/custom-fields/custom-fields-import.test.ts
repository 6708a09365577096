// @database pglite
import type { CustomFieldView, ProjectCustomFieldsView } from '@figgle/shared/custom-field-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { analysed, figgleExportOf, finished, importIntoProject, start } from '../import/import-world.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 43: the CSV import maps "this column → that custom field"; each cell is read by the
// field's kind, and one that does not read is left empty and told.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function fieldOn(projectId: string, body: Record<string, unknown>): Promise<CustomFieldView> {
  const made = await world.owner.api(`/api/organizations/${world.organizationId}/custom-fields`, { body });
  expect(made.status, await made.clone().text()).toBe(201);
  const field = (await made.json()) as CustomFieldView;
  const on = await world.owner.api(`/api/projects/${projectId}/custom-fields/${field.field_id}`, {
    method: 'PUT',
    body: { enabled: true },
  });
  expect(on.status).toBe(200);
  return field;
}

describe('importing a CSV file into custom fields', () => {
  it('fills the mapped fields by kind and tells the cells it could not read', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Csv fields');
    const platform = await fieldOn(projectId, {
      name: 'Platform',
      kind: 'single_select',
      options: [
        { name: 'iOS', colour: 'blue' },
        { name: 'Android', colour: 'green' },
      ],
    });
    const effort = await fieldOn(projectId, { name: 'Effort', kind: 'number', unit: 'h' });
    const reviewer = await fieldOn(projectId, { name: 'Reviewer', kind: 'person' });
    const csv =
      'Title,Platform,Effort,Reviewer\n' +
      `Ship login,ios,3.5 h,${world.member.email}\n` +
      'Fix crash,Windows,two,\n';
    const run = await analysed(server, world.owner, projectId, 'fields.csv', csv);
    const columns = [
      'title',
      `field:${platform.field_id}`,
      `field:${effort.field_id}`,
      `field:${reviewer.field_id}`,
    ];

    // A column mapped to a field not on in the project is refused, and nothing starts.
    const elsewhere = await createProject(world.owner, world.organizationId, 'Elsewhere');
    const other = await analysed(server, world.owner, elsewhere, 'fields.csv', csv);
    const refused = await world.owner.api(`/api/imports/${other.import_id}/start`, {
      body: { csv_columns: columns },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/not on in the project/);

    await start(world.owner, run.import_id, { csv_columns: columns as never });
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.problems.map((problem) => problem.reason)).toEqual(
      expect.arrayContaining([
        '“Windows” is no value of Platform (Single select): it is left empty.',
        '“two” is no value of Effort (Number): it is left empty.',
      ]),
    );
    const view = (await (
      await world.owner.api(`/api/projects/${projectId}/custom-fields`)
    ).json()) as ProjectCustomFieldsView;
    const tasks = await server.deps.db
      .selectFrom('task')
      .select(['task_id', 'title'])
      .where('project_id', '=', projectId)
      .execute();
    const login = tasks.find((task) => task.title === 'Ship login')!.task_id;
    const crash = tasks.find((task) => task.title === 'Fix crash')!.task_id;
    expect(view.values.filter((row) => row.task_id === login)).toEqual(
      expect.arrayContaining([
        { task_id: login, field_id: platform.field_id, value: platform.options[0]!.option_id },
        { task_id: login, field_id: effort.field_id, value: 3.5 },
        { task_id: login, field_id: reviewer.field_id, value: world.member.userId },
      ]),
    );
    expect(view.values.filter((row) => row.task_id === crash)).toEqual([]);
  });

  it('brings the fields and values of a Figgle export into another organization', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Exported');
    const size = await fieldOn(projectId, {
      name: 'Size',
      kind: 'multi_select',
      options: [
        { name: 'Small', colour: 'teal' },
        { name: 'Large', colour: 'red' },
      ],
    });
    const done = await fieldOn(projectId, { name: 'Signed off', kind: 'checkbox' });
    const made = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Measured' } });
    const taskId = ((await made.json()) as { task_id: string }).task_id;
    const put = (fieldId: string, value: unknown) =>
      world.owner.api(`/api/tasks/${taskId}/custom-fields/${fieldId}`, { method: 'PUT', body: { value } });
    expect(
      (
        await put(
          size.field_id,
          size.options.map((option) => option.option_id),
        )
      ).status,
    ).toBe(204);
    expect((await put(done.field_id, true)).status).toBe(204);
    const file = await figgleExportOf(world.owner, projectId);

    const target = await createProject(world.outsider, world.outsiderOrganizationId, 'Imported');
    const imported = await importIntoProject(server, world.outsider, target, {
      name: 'project.json',
      content: file,
    });
    expect(imported.state).toBe('done');
    const view = (await (
      await world.outsider.api(`/api/projects/${target}/custom-fields`)
    ).json()) as ProjectCustomFieldsView;
    expect(
      view.fields.map((field) => [field.name, field.kind, field.options.map((option) => option.name)]),
    ).toEqual([
      ['Signed off', 'checkbox', []],
      ['Size', 'multi_select', ['Small', 'Large']],
    ]);
    const sizeThere = view.fields.find((field) => field.name === 'Size')!;
    const signedThere = view.fields.find((field) => field.name === 'Signed off')!;
    expect(view.values.map((row) => [row.field_id, row.value])).toEqual(
      expect.arrayContaining([
        [sizeThere.field_id, sizeThere.options.map((option) => option.option_id)],
        [signedThere.field_id, true],
      ]),
    );
  });
});
