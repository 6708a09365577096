// @database both
import { START_AFTER_DUE_MESSAGE } from '@figgle/shared/planning-schemas';
import { type ProjectExport, TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import type { TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { search } from '../search/search-world.ts';
import { logLinesOf } from '../support/task-rows.ts';

// Issue 44: a task's start date beside its due date. The rule (start never after due) lives in
// figgle_change_task (migration 0026), hence both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function createTask(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function patch(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TaskSummaryView;
}

async function refused(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(400);
  return (await response.json()) as { code: string; message: string; issues?: unknown };
}

async function detail(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskDetailView;
}

describe('PATCH /api/tasks/:taskId: start_date', () => {
  it('sets a start day, changes it and clears it, each with a START_DATE log line', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Start');
    const task = await createTask(world.owner, projectId, { title: 'Plan the launch' });
    expect(task.start_date).toBeNull();

    const set = await patch(world.member, task.task_id, { start_date: '2026-03-01' });
    expect(set).toMatchObject({ start_date: '2026-03-01', due_on: null, version: task.version + 1 });
    expect(await detail(world.owner, task.task_id)).toMatchObject({ start_date: '2026-03-01' });

    // The same value again changes nothing: no version, no log line.
    const same = await patch(world.member, task.task_id, { start_date: '2026-03-01' });
    expect(same.version).toBe(set.version);

    const moved = await patch(world.owner, task.task_id, { start_date: '2026-03-04' });
    expect(moved.start_date).toBe('2026-03-04');
    // Another field's change keeps the start date.
    const renamed = await patch(world.owner, task.task_id, { title: 'Plan the big launch' });
    expect(renamed.start_date).toBe('2026-03-04');

    const cleared = await patch(world.owner, task.task_id, { start_date: null });
    expect(cleared.start_date).toBeNull();

    expect((await logLinesOf(server, task.task_id)).slice(1)).toEqual([
      {
        type: 'START_DATE',
        author_id: world.member.userId,
        metadata: { start: { old: null, new: '2026-03-01' } },
      },
      {
        type: 'START_DATE',
        author_id: world.owner.userId,
        metadata: { start: { old: '2026-03-01', new: '2026-03-04' } },
      },
      {
        type: 'TITLE',
        author_id: world.owner.userId,
        metadata: { title: { old: 'Plan the launch', new: 'Plan the big launch' } },
      },
      {
        type: 'START_DATE',
        author_id: world.owner.userId,
        metadata: { start: { old: '2026-03-04', new: null } },
      },
    ]);
  });

  it('refuses a start after the due date with a 400 that changes nothing, whichever date is set', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Refuse');
    const task = await createTask(world.owner, projectId, { title: 'Ship', due_on: '2026-03-10' });
    const started = await patch(world.owner, task.task_id, { start_date: '2026-03-10' });
    expect(started).toMatchObject({ start_date: '2026-03-10', due_on: '2026-03-10' });
    const logsBefore = await logLinesOf(server, task.task_id);

    // Setting the start after the due day.
    const late = await refused(world.owner, task.task_id, { start_date: '2026-03-11', title: 'Renamed' });
    expect(late).toMatchObject({ code: 'bad_request', message: START_AFTER_DUE_MESSAGE });
    // Setting the due day before the start (a due time too).
    const early = await refused(world.owner, task.task_id, { due_on: '2026-03-09' });
    expect(early.message).toBe(START_AFTER_DUE_MESSAGE);
    await refused(world.owner, task.task_id, { due_at: '2026-03-08T12:00:00Z' });
    // Both at once are judged on what they leave (a later start with a later due passes below).
    await refused(world.owner, task.task_id, { start_date: '2026-03-20', due_on: '2026-03-19' });

    expect(await detail(world.owner, task.task_id)).toMatchObject({
      title: 'Ship',
      start_date: '2026-03-10',
      due_on: '2026-03-10',
      version: started.version,
    });
    expect(await logLinesOf(server, task.task_id)).toEqual(logsBefore);

    const both = await patch(world.owner, task.task_id, { start_date: '2026-03-20', due_on: '2026-03-21' });
    expect(both).toMatchObject({ start_date: '2026-03-20', due_on: '2026-03-21' });
    expect((await logLinesOf(server, task.task_id)).at(-1)).toEqual({
      type: 'DUE_DATE',
      author_id: world.owner.userId,
      metadata: {
        due: { old: '2026-03-10', new: '2026-03-21' },
        start: { old: '2026-03-10', new: '2026-03-20' },
      },
    });
    // Clearing the due date leaves any start date; a due time on the start day is fine.
    expect(await patch(world.owner, task.task_id, { due_at: '2026-03-20T08:00:00Z' })).toMatchObject({
      start_date: '2026-03-20',
      due_at: '2026-03-20T08:00:00.000Z',
    });
    expect(await patch(world.owner, task.task_id, { due_on: null, due_at: null })).toMatchObject({
      start_date: '2026-03-20',
      due_on: null,
      due_at: null,
    });
  });

  it('refuses a malformed start date with a 400', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Malformed');
    const task = await createTask(world.owner, projectId, { title: 'Bad dates' });
    for (const start_date of ['2026-02-30', '03/01/2026', '2026-03-01T09:00:00Z', 5]) {
      const answer = await refused(world.owner, task.task_id, { start_date });
      expect(answer.message).toMatch(/start date/i);
    }
    expect((await detail(world.owner, task.task_id)).start_date).toBeNull();
  });
});

describe('export: start date', () => {
  it('has a Start date column in the CSV and start_date in the JSON', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Exported');
    const task = await createTask(world.owner, projectId, { title: 'Dated', due_on: '2026-05-09' });
    await patch(world.owner, task.task_id, { start_date: '2026-05-02' });
    await createTask(world.owner, projectId, { title: 'Undated' });

    const csv = await world.owner.api(`/api/projects/${projectId}/export.csv`);
    expect(csv.status, await csv.clone().text()).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), {
      newline: '\r\n',
    }).data.filter((row) => row.length > 1);
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const column = TASK_CSV_COLUMNS.indexOf('Start date');
    expect(column).toBe(TASK_CSV_COLUMNS.indexOf('Due date') + 1);
    const byTitle = (title: string) => rows.find((row) => row[1] === title)!;
    expect(byTitle('Dated')[column]).toBe('2026-05-02');
    expect(byTitle('Dated')[column - 1]).toBe('2026-05-09');
    expect(byTitle('Undated')[column]).toBe('');

    const json = await world.owner.api(`/api/projects/${projectId}/export.json`);
    expect(json.status).toBe(200);
    const exported = (await json.json()) as ProjectExport;
    const dated = exported.tasks.find((one) => one.title === 'Dated')!;
    expect(dated).toMatchObject({ start_date: '2026-05-02', due_on: '2026-05-09' });
    expect(exported.tasks.find((one) => one.title === 'Undated')!.start_date).toBeNull();
  });
});

describe('search: start date', () => {
  it("shows a found task's start date beside its due date", async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Searched');
    const task = await createTask(world.owner, projectId, {
      title: 'Varnish the gazebo',
      due_on: '2031-03-09',
    });
    await patch(world.owner, task.task_id, { start_date: '2031-03-05' });
    await createTask(world.owner, projectId, { title: 'Varnish the bench' });
    const answer = await search(world.member, { q: 'varnish' });
    const byTitle = new Map(answer.tasks.items.map((hit) => [hit.number, hit]));
    expect(byTitle.get(task.reference)).toMatchObject({ start_date: '2031-03-05', due_on: '2031-03-09' });
    expect(answer.tasks.items.filter((hit) => hit.start_date === null)).toHaveLength(1);
  });
});
