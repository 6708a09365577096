// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
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
} from './task-templates-world.ts';

// Issue 43, templates: a task made from a template writes the task, its checklist, its labels, its
// custom values and its sub-tasks in ONE transaction, on both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function checklistOf(taskId: string) {
  const rows = await server.deps.db
    .selectFrom('checklist_item')
    .select(['text', 'done'])
    .where('task_id', '=', taskId)
    .orderBy(sql`rank COLLATE "C"`)
    .execute();
  return rows.map((row) => `${row.done ? '[x]' : '[ ]'} ${row.text}`);
}

async function subtasksOf(taskId: string) {
  const rows = await server.deps.db
    .selectFrom('task')
    .select(['title', 'status'])
    .where('parent_id', '=', taskId)
    .orderBy('subtask_position')
    .execute();
  return rows.map((row) => `${row.title} (${row.status})`);
}

describe('a task from a template', () => {
  it('comes with the checklist, sub-tasks, labels, priority, estimate and custom values saved', async () => {
    const { owner, organizationId } = world;
    const projectId = await createProject(owner, organizationId, 'Design');
    const scale = await owner.api(`/api/projects/${projectId}`, {
      method: 'PATCH',
      body: { estimate_scale: 'points' },
    });
    expect(scale.status, await scale.clone().text()).toBe(200);
    const label = await owner.api(`/api/organizations/${organizationId}/labels`, {
      body: { name: 'Review', color: 'blue' },
    });
    expect(label.status, await label.clone().text()).toBe(201);
    const { label_id } = (await label.json()) as { label_id: string };
    const field = await owner.api(`/api/organizations/${organizationId}/custom-fields`, {
      body: { name: 'Platform', kind: 'single_select', options: [{ name: 'iOS', colour: 'blue' }] },
    });
    expect(field.status, await field.clone().text()).toBe(201);
    const platform = (await field.json()) as { field_id: string; options: Array<{ option_id: string }> };
    const turnedOn = await owner.api(`/api/projects/${projectId}/custom-fields/${platform.field_id}`, {
      method: 'PUT',
      body: { enabled: true, on_card: false },
    });
    expect(turnedOn.status, await turnedOn.clone().text()).toBe(200);

    const model = await owner.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'Review the onboarding', description: 'Frames and decisions.', priority: 'HIGH' },
    });
    expect(model.status, await model.clone().text()).toBe(201);
    const modelId = ((await model.json()) as { task_id: string }).task_id;
    const calls = [
      owner.api(`/api/tasks/${modelId}`, {
        method: 'PATCH',
        body: { estimate: '5' },
      }),
      owner.api(`/api/tasks/${modelId}/labels`, { method: 'PUT', body: { label_ids: [label_id] } }),
      owner.api(`/api/tasks/${modelId}/custom-fields/${platform.field_id}`, {
        method: 'PUT',
        body: { value: platform.options[0]!.option_id },
      }),
    ];
    for (const call of calls) {
      const response = await call;
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    }
    for (const text of ['Link the frames', 'Check contrast']) {
      const item = await owner.api(`/api/tasks/${modelId}/checklist`, { body: { text } });
      expect(item.status, await item.clone().text()).toBe(201);
    }
    for (const title of ['Apply feedback', 'Hand off']) {
      const subtask = await owner.api(`/api/projects/${projectId}/tasks`, {
        body: { title, parent_id: modelId },
      });
      expect(subtask.status, await subtask.clone().text()).toBe(201);
    }
    const template = await saveTemplate(owner, modelId, { name: 'Review', title_pattern: 'Review: ' });
    expect(template).toMatchObject({
      description: 'Frames and decisions.',
      checklist: ['Link the frames', 'Check contrast'],
      subtasks: ['Apply feedback', 'Hand off'],
      label_ids: [label_id],
      priority: 'HIGH',
      estimate: '5',
      custom_values: { [platform.field_id]: platform.options[0]!.option_id },
    });

    const made = await createdFromTemplate(world.member, projectId, {
      template_id: template.template_id,
      title: 'Review: the pricing page',
    });
    expect(made).toMatchObject({ title: 'Review: the pricing page', status: 'TODO', priority: 'HIGH' });
    expect(await checklistOf(made.task_id)).toEqual(['[ ] Link the frames', '[ ] Check contrast']);
    expect(await subtasksOf(made.task_id)).toEqual(['Apply feedback (TODO)', 'Hand off (TODO)']);
    const stored = await server.deps.db
      .selectFrom('task')
      .select(['estimate', 'content_json'])
      .where('task_id', '=', made.task_id)
      .executeTakeFirstOrThrow();
    expect(stored.estimate).toBe('5');
    expect(JSON.stringify(stored.content_json)).toContain('Frames and decisions.');
    const labels = await server.deps.db
      .selectFrom('task_label')
      .select('label_id')
      .where('task_id', '=', made.task_id)
      .execute();
    expect(labels).toEqual([{ label_id }]);
    const values = await server.deps.db
      .selectFrom('task_custom_value')
      .select('value')
      .where('task_id', '=', made.task_id)
      .execute();
    expect(values).toEqual([{ value: platform.options[0]!.option_id }]);
  });

  it('makes a ready template with its checklist and sub-tasks', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Bugs');
    const made = await createdFromTemplate(world.owner, projectId, { template_id: BUG_REPORT });
    expect(made.title).toBe('Bug:');
    expect(await checklistOf(made.task_id)).toHaveLength(4);
    expect(await subtasksOf(made.task_id)).toEqual([]);
  });

  it('leaves nothing when a write fails half-way (the second sub-task)', async () => {
    const { db } = server.deps;
    const projectId = await createProject(world.owner, world.organizationId, 'Atomic');
    const modelId = await createTask(world.owner, projectId, 'Release');
    await world.owner.api(`/api/tasks/${modelId}/checklist`, { body: { text: 'Tag it' } });
    for (const title of ['Notes', 'Explode here']) {
      const subtask = await world.owner.api(`/api/projects/${projectId}/tasks`, {
        body: { title, parent_id: modelId },
      });
      expect(subtask.status).toBe(201);
    }
    const template = await saveTemplate(world.owner, modelId, { name: 'Release' });
    const before = await projectFootprint(server, projectId);
    // A fault inside the database, after the task, its checklist and its first sub-task were written.
    await sql`
      CREATE FUNCTION figgle_test_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title = 'Explode here' THEN RAISE EXCEPTION 'planted fault'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER figgle_test_explode BEFORE INSERT ON task
        FOR EACH ROW EXECUTE FUNCTION figgle_test_explode();
    `.execute(db);
    try {
      const failed = await fromTemplate(world.owner, projectId, { template_id: template.template_id });
      expect(failed.status).toBe(500);
    } finally {
      await sql`
        DROP TRIGGER figgle_test_explode ON task;
        DROP FUNCTION figgle_test_explode();
      `.execute(db);
    }
    expect(await projectFootprint(server, projectId)).toEqual(before);
    const made = await createdFromTemplate(world.owner, projectId, { template_id: template.template_id });
    expect(await subtasksOf(made.task_id)).toEqual(['Notes (TODO)', 'Explode here (TODO)']);
  });
});

describe('a project from a template project', () => {
  it('gets its statuses, estimate scale, fields and templates, and none of its tasks', async () => {
    const { owner, member, organizationId } = world;
    const templateId = await createProject(owner, organizationId, 'Agency');
    const status = await owner.api(`/api/projects/${templateId}/statuses`, {
      body: { name: 'In review', color: 'violet', category: 'started' },
    });
    expect(status.status, await status.clone().text()).toBe(201);
    const scale = await owner.api(`/api/projects/${templateId}`, {
      method: 'PATCH',
      body: { estimate_scale: 'tshirt' },
    });
    expect(scale.status).toBe(200);
    const field = await owner.api(`/api/organizations/${organizationId}/custom-fields`, {
      body: { name: 'Client', kind: 'text' },
    });
    const { field_id } = (await field.json()) as { field_id: string };
    const on = await owner.api(`/api/projects/${templateId}/custom-fields/${field_id}`, {
      method: 'PUT',
      body: { enabled: true, on_card: true },
    });
    expect(on.status).toBe(200);
    const taskId = await createTask(owner, templateId, 'Kick-off');
    await owner.api(`/api/tasks/${taskId}/checklist`, { body: { text: 'Book the room' } });
    await saveTemplate(owner, taskId, { name: 'Kick-off' });

    const copied = await member.api(`/api/projects/${templateId}/copy`, {
      body: { name: 'Agency: Acme', trigram: 'acm' },
    });
    expect(copied.status, await copied.clone().text()).toBe(201);
    const project = (await copied.json()) as { project_id: string; name: string; trigram: string };
    expect(project).toMatchObject({ name: 'Agency: Acme', trigram: 'ACM' });

    const { db } = server.deps;
    const statusesOf = async (projectId: string) =>
      (
        await db
          .selectFrom('project_status')
          .select(['key', 'name', 'color', 'category', 'position'])
          .where('project_id', '=', projectId)
          .orderBy('position')
          .execute()
      ).map((row) => `${row.position} ${row.key} ${row.name} ${row.color} ${row.category}`);
    expect(await statusesOf(project.project_id)).toEqual(await statusesOf(templateId));
    expect(await statusesOf(project.project_id)).toContainEqual(expect.stringContaining('In review'));
    const copy = await db
      .selectFrom('project')
      .select(['estimate_scale', 'last_reference'])
      .where('project_id', '=', project.project_id)
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ estimate_scale: 'tshirt', last_reference: 0 });
    const fields = await db
      .selectFrom('project_custom_field')
      .select(['field_id', 'on_card'])
      .where('project_id', '=', project.project_id)
      .execute();
    expect(fields).toEqual([{ field_id, on_card: true }]);
    const tasks = await db
      .selectFrom('task')
      .select('task_id')
      .where('project_id', '=', project.project_id)
      .execute();
    expect(tasks).toEqual([]);

    // Its templates make tasks there, with their checklist.
    const templates = (await (
      await member.api(`/api/projects/${project.project_id}/task-templates`)
    ).json()) as Array<{
      template_id: string;
      name: string;
      checklist: string[];
    }>;
    const kickOff = templates.find((template) => template.name === 'Kick-off');
    expect(kickOff?.checklist).toEqual(['Book the room']);
    const made = await createdFromTemplate(member, project.project_id, { template_id: kickOff!.template_id });
    expect(await checklistOf(made.task_id)).toEqual(['[ ] Book the room']);
  });
});
