// @database pglite
import { TEMPLATE_TITLE_PATTERN_MAX } from '@figgle/shared/task-template-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';
import {
  BUG_REPORT,
  createdFromTemplate,
  fromTemplate,
  projectFootprint,
  saveTemplate,
  templatesOf,
} from './task-templates-world.ts';

// Issue 43, templates: what the API takes and refuses, and who may. The one-transaction creation
// runs on both databases in task-templates-create.test.ts.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

describe('task templates', () => {
  it('offers the three ready templates in every project, read-only, before its own', async () => {
    const projectId = await createProject(world.member, world.organizationId, 'Ready');
    const templates = await templatesOf(world.member, projectId);
    expect(templates.map((template) => [template.name, template.ready, template.project_id])).toEqual([
      ['Design review', true, null],
      ['Bug report', true, null],
      ['Release checklist', true, null],
    ]);
    const removed = await world.member.api(`/api/task-templates/${BUG_REPORT}`, { method: 'DELETE' });
    expect(removed.status).toBe(404);
  });

  it('saves a task as a template with a pattern, lists it by name, and removes it', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Saved');
    const taskId = await createTask(world.owner, projectId, 'Weekly sync notes');
    const saved = await saveTemplate(world.member, taskId, {
      name: '  Sync  ',
      title_pattern: 'Sync {date}',
    });
    expect(saved).toMatchObject({
      project_id: projectId,
      ready: false,
      name: 'Sync',
      title_pattern: 'Sync {date}',
      checklist: [],
      subtasks: [],
    });
    const other = await saveTemplate(world.owner, taskId, { name: 'Another' });
    expect(other.title_pattern).toBe('Weekly sync notes');
    expect((await templatesOf(world.owner, projectId)).slice(3).map((template) => template.name)).toEqual([
      'Another',
      'Sync',
    ]);

    const made = await createdFromTemplate(world.member, projectId, { template_id: saved.template_id });
    expect(made.title).toBe(`Sync ${server.deps.clock.now().toISOString().slice(0, 10)}`);
    const titled = await createdFromTemplate(world.member, projectId, {
      template_id: saved.template_id,
      title: 'Sync with the design team',
    });
    expect(titled.title).toBe('Sync with the design team');

    const removed = await world.member.api(`/api/task-templates/${saved.template_id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await templatesOf(world.owner, projectId)).map((template) => template.name)).not.toContain(
      'Sync',
    );
    const again = await world.member.api(`/api/task-templates/${saved.template_id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('refuses bad input with a clear 4xx that changes nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Refusals');
    const taskId = await createTask(world.owner, projectId, 'Keep');
    const kept = await saveTemplate(world.owner, taskId, { name: 'Kept' });
    const foreign = await saveTemplate(world.outsider, world.outsiderTaskId, { name: 'Foreign' });
    const before = await projectFootprint(server, projectId);

    const tooLong = await world.owner.api(`/api/tasks/${taskId}/template`, {
      body: { name: 'Long', title_pattern: 'x'.repeat(TEMPLATE_TITLE_PATTERN_MAX + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(`at most ${TEMPLATE_TITLE_PATTERN_MAX} characters`);

    const sameName = await world.owner.api(`/api/tasks/${taskId}/template`, { body: { name: 'KEPT' } });
    expect(sameName.status).toBe(409);

    const noName = await world.owner.api(`/api/tasks/${taskId}/template`, { body: { name: '  ' } });
    expect(noName.status).toBe(400);

    // A template of another organization is not told apart from an unknown one.
    for (const templateId of [foreign.template_id, '6f9619ff-8b86-4d01-b42d-00cf4fc964ff']) {
      const refused = await fromTemplate(world.owner, projectId, { template_id: templateId });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'bad_request',
        message: 'Choose a template of this project.',
      });
    }
    const malformed = await fromTemplate(world.owner, projectId, { template_id: 'not-an-id' });
    expect(malformed.status).toBe(400);
    const longTitle = await fromTemplate(world.owner, projectId, {
      template_id: kept.template_id,
      title: 'x'.repeat(501),
    });
    expect(longTitle.status).toBe(400);

    // Another organization's template cannot be removed, nor another organization's task saved.
    const foreignDelete = await world.owner.api(`/api/task-templates/${foreign.template_id}`, {
      method: 'DELETE',
    });
    expect(foreignDelete.status).toBe(404);
    const foreignSave = await world.owner.api(`/api/tasks/${world.outsiderTaskId}/template`, {
      body: { name: 'Stolen' },
    });
    expect(foreignSave.status).toBe(404);
    const foreignList = await world.owner.api(`/api/projects/${world.outsiderProjectId}/task-templates`);
    expect(foreignList.status).toBe(404);

    expect(await projectFootprint(server, projectId)).toEqual(before);
    expect((await templatesOf(world.outsider, world.outsiderProjectId)).map((t) => t.name)).toContain(
      'Foreign',
    );
  });

  it('refuses a project copy of another organization, or with a bad trigram, and makes nothing', async () => {
    const count = async () =>
      (await server.deps.db.selectFrom('project').select('project_id').execute()).length;
    const before = await count();
    const foreign = await world.owner.api(`/api/projects/${world.outsiderProjectId}/copy`, {
      body: { name: 'Stolen', trigram: 'STO' },
    });
    expect(foreign.status).toBe(404);
    const badTrigram = await world.owner.api(`/api/projects/${world.projectId}/copy`, {
      body: { name: 'Copy', trigram: 'TOO LONG' },
    });
    expect(badTrigram.status).toBe(400);
    const unknownField = await world.owner.api(`/api/projects/${world.projectId}/copy`, {
      body: { name: 'Copy', trigram: 'COP', organization_id: world.outsiderOrganizationId },
    });
    expect(unknownField.status).toBe(400);
    expect(await count()).toBe(before);
  });
});
