// @database pglite
import type { CustomFieldView } from '@figgle/shared/custom-field-schemas';
import type { ProjectExport } from '@figgle/shared/project-export-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { saveTemplate, templatesOf } from '../task-templates/task-templates-world.ts';
import { figgleExportOf, importAsNewProject } from './import-world.ts';

// Issue 43: a project's task templates travel in its Figgle JSON export, and importing the file
// makes them again in the new project: labels, custom values, checklist and sub-tasks included.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function created<T>(user: TestUser, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await user.api(path, { body });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as T;
}

/** A project's own templates, without what differs between two projects (ids). */
async function ownTemplates(projectId: string) {
  return (await templatesOf(world.owner, projectId))
    .filter((template) => !template.ready)
    .map(({ template_id: _id, project_id: _project, ...rest }) => rest);
}

describe('task templates in the Figgle JSON export', () => {
  it('travel with the project and come back whole when the file is imported', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Atelier');
    const label = await created<{ label_id: string }>(
      world.owner,
      `/api/organizations/${world.organizationId}/labels`,
      { name: 'Review', color: 'violet' },
    );
    const platform = await created<CustomFieldView>(
      world.owner,
      `/api/organizations/${world.organizationId}/custom-fields`,
      { name: 'Surface', kind: 'single_select', options: [{ name: 'Web', colour: 'teal' }] },
    );
    const checker = await created<CustomFieldView>(
      world.owner,
      `/api/organizations/${world.organizationId}/custom-fields`,
      { name: 'Checker', kind: 'person' },
    );
    for (const field of [platform, checker]) {
      const on = await world.owner.api(`/api/projects/${projectId}/custom-fields/${field.field_id}`, {
        method: 'PUT',
        body: { enabled: true, on_card: false },
      });
      expect(on.status).toBe(200);
    }
    const task = await created<{ task_id: string }>(world.owner, `/api/projects/${projectId}/tasks`, {
      title: 'Review the mock-ups',
      priority: 'HIGH',
      label_ids: [label.label_id],
      description: 'Look at every screen',
    });
    await created(world.owner, `/api/tasks/${task.task_id}/checklist`, { text: 'Check the contrast' });
    await created(world.owner, `/api/projects/${projectId}/tasks`, {
      title: 'Write the feedback',
      parent_id: task.task_id,
    });
    for (const [fieldId, value] of [
      [platform.field_id, platform.options[0]!.option_id],
      [checker.field_id, world.member.userId],
    ] as const) {
      const set = await world.owner.api(`/api/tasks/${task.task_id}/custom-fields/${fieldId}`, {
        method: 'PUT',
        body: { value },
      });
      expect(set.status, await set.clone().text()).toBe(204);
    }
    await saveTemplate(world.owner, task.task_id, { name: 'Design review', title_pattern: 'Review {date}' });
    const plain = await created<{ task_id: string }>(world.owner, `/api/projects/${projectId}/tasks`, {
      title: 'Weekly notes',
    });
    await saveTemplate(world.owner, plain.task_id, { name: 'Notes' });
    const before = await ownTemplates(projectId);
    expect(before).toEqual([
      expect.objectContaining({
        name: 'Design review',
        checklist: ['Check the contrast'],
        subtasks: ['Write the feedback'],
        label_ids: [label.label_id],
        custom_values: {
          [platform.field_id]: platform.options[0]!.option_id,
          [checker.field_id]: world.member.userId,
        },
      }),
      expect.objectContaining({ name: 'Notes' }),
    ]);

    const file = await figgleExportOf(world.owner, projectId);
    expect(file.templates.map((template) => template.name)).toEqual(['Design review', 'Notes']);
    expect(file.templates[0]).toMatchObject({
      title_pattern: 'Review {date}',
      priority: 'HIGH',
      labels: [label.label_id],
      custom_values: expect.arrayContaining([{ field: checker.field_id, value: world.member.userId }]),
    });
    // The person a template names is in the file's members, as a task's would be.
    expect(file.members.map((person) => person.id)).toContain(world.member.userId);

    const { started: begun, done } = await importAsNewProject(
      server,
      world.member,
      world.organizationId,
      { name: 'atelier.json', content: file },
      { project_name: 'Atelier again' },
    );
    expect(done.state).toBe('done');
    // The same organization: its label and fields are found again, so the ids are the same ones.
    expect(await ownTemplates(begun.project_id!)).toEqual(before);
  });

  it('reads files from before templates, which have none', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Older');
    const file: Partial<ProjectExport> = await figgleExportOf(world.owner, projectId);
    delete file.templates;
    const { started: begun, done } = await importAsNewProject(
      server,
      world.member,
      world.organizationId,
      { name: 'older.json', content: file },
      { project_name: 'Older again' },
    );
    expect(done.state).toBe('done');
    expect(await ownTemplates(begun.project_id!)).toEqual([]);
  });
});
