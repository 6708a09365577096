// @database pglite
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import {
  figgleExportOf,
  finished,
  importAsNewProject,
  refusedForImport,
  sentForImport,
  start,
} from './import-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function created<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as T;
}

/** What a project holds, without ids, references or dates of the import: for comparing two projects. */
async function contentsOf(projectId: string) {
  const file = await figgleExportOf(world.owner, projectId);
  const people = new Map(file.members.map((person) => [person.id, person.email]));
  const labels = new Map(file.labels.map((label) => [label.id, `${label.name}/${label.color}`]));
  return file.tasks
    .map((task) => ({
      title: task.title,
      status: task.status,
      description: task.description,
      due: [task.due_on, task.due_at],
      start: task.start_date,
      priority: task.priority,
      assignee: task.assignee ? people.get(task.assignee) : null,
      labels: task.labels.map((id) => labels.get(id)).sort(),
      checklist: task.checklist.map((item) => [item.text, item.done]),
      comments: task.comments.map((comment) => [comment.author_name, comment.created_at, comment.content]),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

describe("importing Figgle's own project export", () => {
  it('brings a project back whole into a new project: tasks, descriptions, comments, labels, checklists', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Harbour');
    const dock = await created<{ label_id: string }>(
      world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
        body: { name: 'Dock', color: 'teal' },
      }),
    );
    const crane = await created<{ task_id: string }>(
      world.owner.api(`/api/projects/${projectId}/tasks`, {
        body: {
          title: 'Paint the crane',
          status: 'DOING',
          priority: 'HIGH',
          due_on: '2026-12-24',
          label_ids: [dock.label_id],
          assignee_id: world.member.userId,
          description: 'Two coats',
        },
      }),
    );
    await created(
      world.member.api(`/api/tasks/${crane.task_id}/comments`, {
        body: {
          content_json: {
            ops: [{ insert: 'Blue, ' }, { insert: 'please', attributes: { bold: true } }, { insert: '\n' }],
          },
        },
      }),
    );
    await created(world.owner.api(`/api/tasks/${crane.task_id}/checklist`, { body: { text: 'Buy paint' } }));
    const started = await world.owner.api(`/api/tasks/${crane.task_id}`, {
      method: 'PATCH',
      body: { start_date: '2026-12-01' },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    await created(
      world.owner.api(`/api/projects/${projectId}/tasks`, {
        body: { title: 'Sweep the dock', due_at: '2026-11-30T08:00:00Z' },
      }),
    );

    const exported = await world.owner.api(`/api/projects/${projectId}/export.json`);
    expect(exported.status).toBe(200);
    const file = await exported.text();

    const run = await sentForImport(
      server,
      world.member,
      `/api/organizations/${world.organizationId}/imports`,
      'harbour.json',
      file,
    );
    expect(run.format).toBe('figgle');
    expect(run.analysis).toEqual({
      format: 'figgle',
      project_name: 'Harbour',
      tasks: 2,
      comments: 1,
      labels: 1,
    });

    const begun = await start(world.member, run.import_id, { project_name: 'Harbour again' });
    const done = await finished(world.member, run.import_id);
    expect(done.state).toBe('done');
    expect(done.problems).toEqual([]);
    expect(done.imported).toEqual({ tasks: 2, comments: 1, checklist_items: 1, labels: 0 });

    const copy = await contentsOf(begun.project_id!);
    expect(copy).toEqual(await contentsOf(projectId));
    expect(copy[0]).toMatchObject({
      title: 'Paint the crane',
      assignee: world.member.email,
      labels: ['Dock/teal'],
      start: '2026-12-01',
    });
  });

  it('drops a start date after its due date, and says so, instead of refusing the task', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Quay');
    await created(
      world.owner.api(`/api/projects/${projectId}/tasks`, {
        body: { title: 'Moor the boat', due_on: '2026-12-10' },
      }),
    );
    const file = await figgleExportOf(world.owner, projectId);
    file.tasks[0]!.start_date = '2026-12-11';
    const { started: begun, done } = await importAsNewProject(
      server,
      world.member,
      world.organizationId,
      { name: 'quay.json', content: file },
      { project_name: 'Quay again' },
    );
    expect(done.state).toBe('done');
    expect(done.problems).toEqual([
      expect.objectContaining({
        reason: 'Its start date 2026-12-11 is after its due date: the task comes in without a start date.',
        imported: true,
      }),
    ]);
    expect(await contentsOf(begun.project_id!)).toEqual([
      expect.objectContaining({ title: 'Moor the boat', due: ['2026-12-10', null], start: null }),
    ]);
  });

  it("marks imported comments as imported, under their author's name as text, never as a member's", async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Quay');
    const task = await created<{ task_id: string }>(
      world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Moor the boat' } }),
    );
    await created(
      world.member.api(`/api/tasks/${task.task_id}/comments`, {
        body: { content_json: { ops: [{ insert: 'Done by me\n' }] } },
      }),
    );
    // The file is the importer's to write: here it puts the owner's name on the comment.
    const file = await figgleExportOf(world.owner, projectId);
    file.tasks[0]!.comments[0]!.author = null;
    file.tasks[0]!.comments[0]!.author_name = 'Olive Owner';
    const { started, done } = await importAsNewProject(
      server,
      world.member,
      world.organizationId,
      { name: 'quay.json', content: file },
      { project_name: 'Quay again' },
    );
    expect(done.state).toBe('done');

    const { task_id: copied } = await server.deps.db
      .selectFrom('task')
      .select('task_id')
      .where('project_id', '=', started.project_id!)
      .executeTakeFirstOrThrow();
    const comments = (await (await world.owner.api(`/api/tasks/${copied}/comments`)).json()) as Array<
      Record<string, unknown>
    >;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      author_id: null,
      user: null,
      author_name: 'Olive Owner',
      is_imported: true,
      is_from_figma: false,
    });
    // A comment written here is not marked.
    const own = (await (await world.member.api(`/api/tasks/${task.task_id}/comments`)).json()) as Array<
      Record<string, unknown>
    >;
    expect(own[0]).toMatchObject({ is_imported: false, author_id: world.member.userId });
  });

  it('refuses a Figgle export that does not follow its format', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Broken');
    const message = await refusedForImport(server, world.owner, `/api/projects/${projectId}/imports`, {
      name: 'broken.json',
      content: { format: 'figgle-project', version: 1, tasks: 'none' },
    });
    expect(message).toMatch(/^This Figgle export cannot be read: /);
  });

  it('refuses, before anything is written, an export whose comment is dated in the year 0', async () => {
    // The database has no year 0: read as valid, such a date failed the import's job at every try.
    const projectId = await createProject(world.owner, world.organizationId, 'Year zero');
    const task = await created<{ task_id: string }>(
      world.owner.api(`/api/projects/${projectId}/tasks`, { method: 'POST', body: { title: 'Old talk' } }),
    );
    await created(
      world.owner.api(`/api/tasks/${task.task_id}/comments`, {
        method: 'POST',
        body: { content_json: { ops: [{ insert: 'Said long ago\n' }] } },
      }),
    );
    const file = await figgleExportOf(world.owner, projectId);
    file.tasks[0]!.comments[0]!.created_at = '0000-01-01T00:00:00Z';
    const runsBefore = await server.deps.db.selectFrom('import_run').select('import_id').execute();

    const message = await refusedForImport(
      server,
      world.owner,
      `/api/organizations/${world.organizationId}/imports`,
      { name: 'year-zero.json', content: file },
    );
    expect(message).toMatch(/^This Figgle export cannot be read: tasks\.0\.comments\.0\.created_at/);
    expect(await server.deps.db.selectFrom('import_run').select('import_id').execute()).toEqual(runsBefore);
  });
});
