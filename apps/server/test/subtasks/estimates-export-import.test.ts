// @database pglite

import { TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import type { ProjectView } from '@figgle/shared/project-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { figgleExportOf, importAsNewProject, importIntoProject } from '../import/import-world.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42, estimates everywhere they go: the Figgle JSON export carries the project's scale and
 * each task's estimate and the import puts them back; the CSV export has an Estimate column.
 */
let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Sprint');
  await world.owner.api(`/api/projects/${projectId}`, {
    method: 'PATCH',
    body: { estimate_scale: 'points' },
  });
  const big = await createTask(world.owner, projectId, 'Big one');
  await createTask(world.owner, projectId, 'Not estimated');
  const small = await createTask(world.owner, projectId, 'Small one');
  for (const [taskId, estimate] of [
    [big, '13'],
    [small, '2'],
  ] as const) {
    const response = await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { estimate } });
    expect(response.status).toBe(200);
  }
}, 120_000);

const exportOf = (id: string) => figgleExportOf(world.owner, id);

const estimatesOf = async (id: string) =>
  Object.fromEntries((await exportOf(id)).tasks.map((task) => [task.title, task.estimate]));

const projectView = async (id: string) =>
  (await (await world.owner.api(`/api/projects/${id}`)).json()) as ProjectView;

describe('the Figgle JSON export and import', () => {
  it("carry the project's scale and each task's estimate", async () => {
    const file = await exportOf(projectId);
    expect(file.project.estimate_scale).toBe('points');
    expect(await estimatesOf(projectId)).toEqual({
      'Big one': '13',
      'Not estimated': null,
      'Small one': '2',
    });
  });

  it('round trip: a new project gets the scale and the estimates, each in its creation line', async () => {
    const { started, done } = await importAsNewProject(
      server,
      world.owner,
      world.organizationId,
      { name: 'sprint.json', content: await exportOf(projectId) },
      { project_name: 'Sprint again' },
    );
    expect(done.state).toBe('done');
    expect(done.problems).toEqual([]);

    const copy = started.project_id!;
    expect((await projectView(copy)).estimate_scale).toBe('points');
    expect((await projectView(copy)).estimated_task_count).toBe(2);
    expect(await estimatesOf(copy)).toEqual(await estimatesOf(projectId));
    const creation = (await exportOf(copy)).tasks.find((task) => task.title === 'Big one')!.log[0]!;
    expect(creation).toMatchObject({ type: 'CREATION', metadata: { estimate: { old: null, new: '13' } } });
  });

  it('into a project of another scale: the scale stays, estimates not on it are left out and told', async () => {
    const sizes = await createProject(world.owner, world.organizationId, 'Sizes');
    await world.owner.api(`/api/projects/${sizes}`, { method: 'PATCH', body: { estimate_scale: 'tshirt' } });
    const done = await importIntoProject(server, world.owner, sizes, {
      name: 'sprint.json',
      content: await exportOf(projectId),
    });
    expect(done.state).toBe('done');
    expect(done.problems.map((problem) => problem.reason).sort()).toEqual([
      "Its estimate 13 is not on this project's scale: the task has none.",
      "Its estimate 2 is not on this project's scale: the task has none.",
    ]);
    expect((await projectView(sizes)).estimate_scale).toBe('tshirt');
    expect(Object.values(await estimatesOf(sizes))).toEqual([null, null, null]);
  });

  it('reads a file from before estimates: no scale, no estimates', async () => {
    const file = await exportOf(projectId);
    const { estimate_scale: _scale, ...project } = file.project;
    const old = {
      ...file,
      project,
      tasks: file.tasks.map(({ estimate: _estimate, ...task }) => task),
    };
    const { started, done } = await importAsNewProject(
      server,
      world.owner,
      world.organizationId,
      { name: 'old.json', content: old },
      { project_name: 'Old file' },
    );
    expect(done.state).toBe('done');
    expect((await projectView(started.project_id!)).estimate_scale).toBe('none');
  });
});

describe('the CSV export', () => {
  it('has an Estimate column after Priority', async () => {
    const response = await world.owner.api(`/api/projects/${projectId}/export.csv`);
    expect(response.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const column = header!.indexOf('Estimate');
    expect(header![column - 1]).toBe('Priority');
    const byTitle = Object.fromEntries(rows.map((row) => [row[1], row[column]]));
    expect(byTitle).toEqual({ 'Big one': '13', 'Not estimated': '', 'Small one': '2' });
  });
});
