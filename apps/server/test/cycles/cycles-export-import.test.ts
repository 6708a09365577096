// @database both
import { type ProjectExport, TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  figgleExportOf,
  finished,
  importAsNewProject,
  importIntoProject,
  start,
} from '../import/import-world.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { createTask, planTask, turnCyclesOn } from './cycles-world.ts';

// Issue 44: a Figgle JSON export carries the project's milestones, cycle settings and cycles, and
// each task's milestone and cycle; its import makes them again (rows, rollover jobs) and links the
// tasks. The CSV export has Milestone and Cycle columns. Both databases: the import writes cycles,
// their jobs and the task links in SQL of its own.

let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

const exportOf = (id: string) => figgleExportOf(world.owner, id);

/** Each task's milestone name and cycle number, by title: what a round trip must keep. */
function linksOf(file: ProjectExport) {
  const milestones = new Map(file.milestones.map((milestone) => [milestone.id, milestone.name]));
  const cycles = new Map(file.cycles.map((cycle) => [cycle.id, cycle.number]));
  return Object.fromEntries(
    file.tasks.map((task) => [
      task.title,
      [task.milestone ? milestones.get(task.milestone) : null, task.cycle ? cycles.get(task.cycle) : null],
    ]),
  );
}

const withoutIds = <T extends { id: string }>(rows: T[]) => rows.map(({ id: _id, ...row }) => row);

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Release');
  const { cycles } = await turnCyclesOn(world.owner, projectId, 2, 1);
  const [current, next] = cycles.filter((cycle) => cycle.state !== 'past').reverse();
  expect(
    (await world.owner.api(`/api/cycles/${next!.cycle_id}`, { method: 'PATCH', body: { name: 'Launch' } }))
      .status,
  ).toBe(204);
  const milestone = await world.owner.api(`/api/projects/${projectId}/milestones`, {
    body: { name: 'Beta', target_date: '2030-06-01', description: 'First customers' },
  });
  expect(milestone.status, await milestone.clone().text()).toBe(201);
  const { milestone_id } = (await milestone.json()) as { milestone_id: string };
  const both = await createTask(world.owner, projectId, 'In both');
  const planned = await createTask(world.owner, projectId, 'Next cycle only');
  await createTask(world.owner, projectId, 'In neither');
  expect((await planTask(world.owner, both.task_id, current!.cycle_id)).status).toBe(204);
  expect((await planTask(world.owner, planned.task_id, next!.cycle_id)).status).toBe(204);
  const linked = await world.owner.api(`/api/tasks/${both.task_id}/milestone`, {
    method: 'PUT',
    body: { milestone_id },
  });
  expect(linked.status).toBe(204);
}, 120_000);

describe('the Figgle JSON export', () => {
  it('carries the milestones, the cycle settings, the cycles and each task’s links', async () => {
    const file = await exportOf(projectId);
    expect(file.project.cycle_settings).toEqual({ enabled: true, weeks: 2, week_start: 1 });
    expect(withoutIds(file.milestones)).toEqual([
      {
        name: 'Beta',
        target_date: '2030-06-01',
        description: 'First customers',
        created_at: expect.any(String),
      },
    ]);
    expect(file.cycles.map((cycle) => [cycle.number, cycle.name, cycle.closed_at])).toEqual([
      [1, null, null],
      [2, 'Launch', null],
      [3, null, null],
      [4, null, null],
    ]);
    expect(linksOf(file)).toEqual({
      'In both': ['Beta', 1],
      'Next cycle only': [null, 2],
      'In neither': [null, null],
    });
  });
});

describe('the Figgle JSON import', () => {
  it('round trip: a new project gets the milestones, the cycles as they were and the links', async () => {
    const { started, done } = await importAsNewProject(
      server,
      world.owner,
      world.organizationId,
      { name: 'release.json', content: await exportOf(projectId) },
      { project_name: 'Release again' },
    );
    expect(done.state).toBe('done');
    expect(done.problems).toEqual([]);

    const original = await exportOf(projectId);
    const copy = await exportOf(started.project_id!);
    expect(copy.project.cycle_settings).toEqual(original.project.cycle_settings);
    expect(withoutIds(copy.milestones).map(({ created_at: _at, ...rest }) => rest)).toEqual(
      withoutIds(original.milestones).map(({ created_at: _at, ...rest }) => rest),
    );
    expect(withoutIds(copy.cycles)).toEqual(withoutIds(original.cycles));
    expect(linksOf(copy)).toEqual(linksOf(original));
    // Each open cycle has its rollover job, as one made by the settings does.
    const jobs = await server.deps.db
      .selectFrom('job')
      .select('dedupe_key')
      .where(
        'dedupe_key',
        'in',
        copy.cycles.map((cycle) => cycle.id),
      )
      .execute();
    expect(jobs).toHaveLength(copy.cycles.length);
  });

  it('into a project with cycles of its own: a milestone found by name, a cycle of other days left out and told', async () => {
    const target = await createProject(world.owner, world.organizationId, 'Weekly');
    // One-week cycles from Wednesday: no day of them matches the file's two-week cycles from Monday.
    await turnCyclesOn(world.owner, target, 1, 3);
    const own = await world.owner.api(`/api/projects/${target}/milestones`, {
      body: { name: 'beta', target_date: '2030-07-01', description: '' },
    });
    expect(own.status).toBe(201);
    const done = await importIntoProject(server, world.owner, target, {
      name: 'release.json',
      content: await exportOf(projectId),
    });
    expect(done.state).toBe('done');
    expect(done.problems.map((problem) => [problem.row, problem.reason]).sort()).toEqual([
      [
        expect.stringContaining('In both'),
        "Its cycle has other days than this project's cycles: the task is in none.",
      ],
      [
        expect.stringContaining('Next cycle only'),
        "Its cycle has other days than this project's cycles: the task is in none.",
      ],
    ]);
    const copy = await exportOf(target);
    // The project keeps its own settings and its one milestone.
    expect(copy.project.cycle_settings).toEqual({ enabled: true, weeks: 1, week_start: 3 });
    expect(copy.milestones.map((milestone) => milestone.name)).toEqual(['beta']);
    expect(linksOf(copy)).toEqual({
      'In both': ['beta', null],
      'Next cycle only': [null, null],
      'In neither': [null, null],
    });
  });
});

describe('the CSV export', () => {
  it('has Milestone and Cycle columns after Blocked by', async () => {
    const response = await world.owner.api(`/api/projects/${projectId}/export.csv`);
    expect(response.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const milestone = TASK_CSV_COLUMNS.indexOf('Milestone');
    expect(milestone).toBe(TASK_CSV_COLUMNS.indexOf('Blocked by') + 1);
    const cycle = TASK_CSV_COLUMNS.indexOf('Cycle');
    const byTitle = Object.fromEntries(rows.map((row) => [row[1], [row[milestone], row[cycle]]]));
    expect(byTitle).toEqual({
      'In both': ['Beta', 'Cycle 1'],
      'Next cycle only': ['', 'Cycle 2 · Launch'],
      'In neither': ['', ''],
    });
  });
});

describe('the CSV import', () => {
  it("links the Milestone and Cycle columns to the project's own, by name and by number; others are told", async () => {
    const target = await createProject(world.owner, world.organizationId, 'From CSV');
    await turnCyclesOn(world.owner, target, 2, 1);
    const beta = await world.owner.api(`/api/projects/${target}/milestones`, {
      body: { name: 'Beta', target_date: '2030-06-01', description: '' },
    });
    expect(beta.status).toBe(201);
    const csv = [
      'Title,Milestone,Cycle',
      'From the export,beta,Cycle 2 · Launch',
      'Plain number,,3',
      'Unknown milestone,Gamma,',
      'Far cycle,,Cycle 99',
      'No number,,Next one',
    ].join('\n');
    const run = await analysed(server, world.owner, target, 'plan.csv', csv);
    if (run.analysis?.format !== 'csv') throw new Error('expected a CSV analysis');
    expect(run.analysis.suggested_columns).toEqual(['title', 'milestone', 'cycle']);
    await start(world.owner, run.import_id, { csv_columns: run.analysis.suggested_columns });
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    // Problems of reading (row 6) are told before those of writing: compared in row order.
    expect(done.problems.map((problem) => [problem.row, problem.reason]).sort()).toEqual([
      ['Row 4', "The milestone “Gamma” is not one of this project's: the task has none."],
      ['Row 5', "Cycle 99 is not one of this project's: the task is in none."],
      ['Row 6', 'The cycle “Next one” has no number (such as “Cycle 3”): the task is in none.'],
    ]);
    expect(linksOf(await exportOf(target))).toEqual({
      'From the export': ['Beta', 2],
      'Plain number': [null, 3],
      'Unknown milestone': [null, null],
      'Far cycle': [null, null],
      'No number': [null, null],
    });
  });
});
