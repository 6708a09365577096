// @database pglite
import type { ImportView } from '@figgle/shared/import-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { analysed, finished, sendImportFile, start } from './import-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), {
  env: { IMPORT_MAX_BYTES: String(64 * 1024) },
});

const tasksOf = (projectId: string) =>
  server.deps.db
    .selectFrom('task')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('reference')
    .execute();

async function problem(response: Response): Promise<{ statusCode: number; code: string; message: string }> {
  return (await response.json()) as { statusCode: number; code: string; message: string };
}

describe('importing a CSV file', () => {
  it('previews the rows, maps the columns, reads a BOM and mixed line endings, and lists what it could not take', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Csv');
    const csv =
      '\uFEFFName,Notes,State,Owner,Due,Prio,Tags,Internal id\r\n' +
      `"Write the launch post","Two lines:\nfirst, second",Doing,${world.member.email},2026-03-01,High,"Blog, Launch",A-1\n` +
      `Fix the footer,,Done,${world.owner.email.toUpperCase()},2026-03-02T09:30:00Z,low,Bug,A-2\r` +
      'Call the printer,,Someday,stranger@elsewhere.test,next week,whenever,,A-3\r\n' +
      ',no title here,,,,,,A-4\n';
    const run = await analysed(server, world.owner, projectId, 'tasks.csv', csv);
    expect(run.format).toBe('csv');
    if (run.analysis.format !== 'csv') throw new Error('not csv');
    expect(run.analysis.columns).toEqual([
      'Name',
      'Notes',
      'State',
      'Owner',
      'Due',
      'Prio',
      'Tags',
      'Internal id',
    ]);
    expect(run.analysis.rows).toBe(4);
    expect(run.analysis.preview[0]).toEqual([
      'Write the launch post',
      'Two lines: first, second',
      'Doing',
      world.member.email,
      '2026-03-01',
      'High',
      'Blog, Launch',
      'A-1',
    ]);
    // The unknown column maps to nothing.
    expect(run.analysis.suggested_columns).toEqual([
      'title',
      'description',
      'status',
      'assignee',
      'due_date',
      'priority',
      'labels',
      null,
    ]);

    await start(world.owner, run.import_id, { csv_columns: run.analysis.suggested_columns });
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.imported.tasks).toBe(3);
    expect(done.imported.labels).toBe(3);
    expect(done.problems).toEqual(
      expect.arrayContaining([
        { row: 'Row 5', reason: 'It has no title.', imported: false },
        {
          row: 'Row 4',
          reason: expect.stringContaining('“Someday” is not To Do, Doing, Done or Archive'),
          imported: true,
        },
        { row: 'Row 4', reason: expect.stringContaining('“next week” is not a day'), imported: true },
        { row: 'Row 4', reason: expect.stringContaining('“WHENEVER” is not Urgent'), imported: true },
        {
          row: 'Row 4',
          reason: 'stranger@elsewhere.test is not a member of the organization: the task is unassigned.',
          imported: true,
        },
      ]),
    );
    expect(done.problems_total).toBe(5);

    const tasks = await tasksOf(projectId);
    expect(tasks.map((task) => [task.title, task.status, task.priority, task.assignee_id])).toEqual([
      ['Write the launch post', 'DOING', 'HIGH', world.member.userId],
      ['Fix the footer', 'DONE', 'LOW', world.owner.userId],
      ['Call the printer', 'TODO', 'NONE', null],
    ]);
    expect(tasks[0]!.content_json).toEqual({ ops: [{ insert: 'Two lines:\nfirst, second\n' }] });
    expect(tasks[1]!.due_at?.toISOString()).toBe('2026-03-02T09:30:00.000Z');
    const dueOn = await server.deps.db
      .selectFrom('task')
      .select((eb) => eb.fn<string>('to_char', [eb.ref('due_on'), eb.val('YYYY-MM-DD')]).as('day'))
      .where('task_id', '=', tasks[0]!.task_id)
      .executeTakeFirstOrThrow();
    expect(dueOn.day).toBe('2026-03-01');
    const labels = await server.deps.db
      .selectFrom('task_label')
      .innerJoin('label', 'label.label_id', 'task_label.label_id')
      .select('label.name')
      .where('task_label.task_id', '=', tasks[0]!.task_id)
      .orderBy('label.name')
      .execute();
    expect(labels.map((label) => label.name)).toEqual(['Blog', 'Launch']);
  });

  it('reads a file longer than one parser pause and one batch: every row once, in order, the bad one listed', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Long file');
    const rows = Array.from({ length: 2_100 }, (_, index) =>
      index === 1_500
        ? ',a row without its title,Done'
        : `Line ${index + 1},"note, ${index + 1}",${index % 2 ? 'Done' : 'To Do'}`,
    );
    const run = await analysed(
      server,
      world.owner,
      projectId,
      'long.csv',
      `Title,Notes,Status\n${rows.join('\n')}\n`,
    );
    if (run.analysis.format !== 'csv') throw new Error('not csv');
    expect(run.analysis.rows).toBe(2_100);
    expect(run.analysis.preview).toHaveLength(5);

    await start(world.owner, run.import_id, { csv_columns: run.analysis.suggested_columns });
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.progress).toEqual({ done: 2_099, total: 2_099 });
    expect(done.imported.tasks).toBe(2_099);
    expect(done.problems).toEqual([{ row: 'Row 1502', reason: 'It has no title.', imported: false }]);
    const tasks = await tasksOf(projectId);
    const expected = rows.flatMap((_, index) => (index === 1_500 ? [] : [`Line ${index + 1}`]));
    expect(tasks.map((task) => task.title)).toEqual(expected);
    expect(tasks.map((task) => task.reference)).toEqual(expected.map((_, index) => index + 1));
    // 21 batches of 100 rows, each waiting for its flush: 7-27 s at load averages of 20-30.
  }, 60_000);

  it('refuses wrong quoting with the row, and keeps nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Quotes');
    const before = await server.deps.db.selectFrom('import_run').select('import_id').execute();
    const response = await sendImportFile(
      server,
      world.owner,
      `/api/projects/${projectId}/imports`,
      'broken.csv',
      'Title,Notes\nFine,ok\n"Broken,"unterminated\nAfter,ok\n',
    );
    expect(response.status).toBe(400);
    const body = await problem(response);
    expect(body.code).toBe('bad_request');
    expect(body.message).toMatch(/^The CSV file has wrong quoting on row 3:/);
    expect(await server.deps.db.selectFrom('import_run').select('import_id').execute()).toEqual(before);
    expect(await tasksOf(projectId)).toEqual([]);
  });

  it('refuses a mapping without a title column', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Untitled');
    const run = await analysed(server, world.owner, projectId, 'a.csv', 'A,B\n1,2\n');
    const response = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { csv_columns: [null, 'description'] },
    });
    expect(response.status).toBe(400);
    expect((await problem(response)).message).toContain('Choose exactly one column for the title.');
    const stored = await world.owner.api(`/api/imports/${run.import_id}`);
    expect(((await stored.json()) as ImportView).state).toBe('analysed');
  });

  it('asks before importing the same file twice, then imports it again when told to', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Twice');
    const csv = 'Title\nOnly once\n';
    const first = await analysed(server, world.owner, projectId, 'once.csv', csv);
    expect(first.duplicate_of).toBeNull();
    await start(world.owner, first.import_id, { csv_columns: ['title'] });
    await finished(world.owner, first.import_id);

    const second = await analysed(server, world.member, projectId, 'renamed.csv', csv);
    expect(second.duplicate_of).toMatchObject({ import_id: first.import_id, project_name: 'Twice' });
    const refused = await world.member.api(`/api/imports/${second.import_id}/start`, {
      body: { csv_columns: ['title'] },
    });
    expect(refused.status).toBe(409);
    expect(await problem(refused)).toMatchObject({
      code: 'duplicate_import',
      message: expect.stringContaining('imported before into “Twice”'),
    });
    expect(await tasksOf(projectId)).toHaveLength(1);

    await start(world.member, second.import_id, { csv_columns: ['title'], allow_duplicate: true });
    await finished(world.member, second.import_id);
    expect((await tasksOf(projectId)).map((task) => task.title)).toEqual(['Only once', 'Only once']);
  });

  it('imports into a new project from "Add a project"', async () => {
    const response = await sendImportFile(
      server,
      world.member,
      `/api/organizations/${world.organizationId}/imports`,
      'roadmap.csv',
      'Title,Status\nPlan,Doing\n',
    );
    expect(response.status).toBe(201);
    const run = (await response.json()) as ImportView;
    expect(run.project_id).toBeNull();
    const nameless = await world.member.api(`/api/imports/${run.import_id}/start`, {
      body: { csv_columns: ['title', 'status'] },
    });
    expect(nameless.status).toBe(400);
    const started = await start(world.member, run.import_id, {
      csv_columns: ['title', 'status'],
      project_name: 'Roadmap',
    });
    expect(started.project_id).not.toBeNull();
    await finished(world.member, run.import_id);
    const project = await server.deps.db
      .selectFrom('project')
      .selectAll()
      .where('project_id', '=', started.project_id!)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({ name: 'Roadmap', trigram: 'ROA', organization_id: world.organizationId });
    expect((await tasksOf(project.project_id)).map((task) => [task.title, task.status])).toEqual([
      ['Plan', 'DOING'],
    ]);
  });
});
