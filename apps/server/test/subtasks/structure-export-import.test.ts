// @database pglite

import { type ProjectExport, TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { figgleExportOf, importAsNewProject, refusedForImport } from '../import/import-world.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42, the structure everywhere it goes: the Figgle JSON export carries each task's parent, its
 * place among its parent's sub-tasks and its relations, and the import puts them back (a parent that
 * comes after its sub-task in the file too, a task of another project by reference, a cycle in a
 * hand-made file dropped and told); the CSV export has Parent and Blocked by columns.
 */
let server: TestServer;
let world: RealtimeWorld;
let webId: string;
let apiId: string;
/** Task ids by title: P with C1, C2, C3 (reordered C3, C1, C2); E under F (F made after E); W under X of Api. */
const ids: Record<string, string> = {};

const ok = async (response: Response, status = 200) => {
  expect(response.status, await response.clone().text()).toBe(status);
  return response;
};
const parent = (taskId: string, parentId: string) =>
  world.owner.api(`/api/tasks/${taskId}/parent`, { method: 'PUT', body: { parent_id: parentId } }).then(ok);
const relate = (taskId: string, side: string, otherId: string) =>
  world.owner
    .api(`/api/tasks/${taskId}/relations`, { body: { side, task_id: otherId } })
    .then((response) => ok(response, 201));

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  webId = await createProject(world.owner, world.organizationId, 'Web');
  apiId = await createProject(world.owner, world.organizationId, 'Api');
  for (const title of ['P', 'C1', 'C2', 'C3', 'E', 'F', 'W'])
    ids[title] = await createTask(world.owner, webId, title);
  ids.X = await createTask(world.owner, apiId, 'X');
  for (const child of ['C1', 'C2', 'C3']) await parent(ids[child]!, ids.P!);
  await world.owner
    .api(`/api/tasks/${ids.C3}/subtask-position`, { method: 'PUT', body: { index: 0 } })
    .then((response) => ok(response, 204));
  await parent(ids.E!, ids.F!);
  await parent(ids.W!, ids.X!);
  await relate(ids.C2!, 'blocked_by', ids.C1!);
  await relate(ids.P!, 'relates', ids.C3!);
  await relate(ids.C3!, 'duplicates', ids.C1!);
  await relate(ids.W!, 'blocked_by', ids.X!);
}, 120_000);

const exportOf = (projectId: string) => figgleExportOf(world.owner, projectId);

const structureOf = async (taskId: string) =>
  (await (await ok(await world.owner.api(`/api/tasks/${taskId}/structure`))).json()) as TaskStructureView;

/** Imports `file` into a new project and answers the finished run and the new tasks' ids by title. */
async function importAsNew(file: unknown, name: string) {
  const { started, done } = await importAsNewProject(
    server,
    world.owner,
    world.organizationId,
    { name: `${name}.json`, content: file },
    { project_name: name, allow_duplicate: true },
  );
  expect(done.state, done.error ?? '').toBe('done');
  const copy = await exportOf(started.project_id!);
  return { done, copy, byTitle: Object.fromEntries(copy.tasks.map((task) => [task.title, task])) };
}

/** How a task reads its relations, by the other task's title, sorted. */
const relationsOf = async (taskId: string) =>
  (await structureOf(taskId)).relations.map((relation) => `${relation.side} ${relation.task.title}`).sort();

describe('the Figgle JSON export', () => {
  it("carries each task's parent, place and relations, as the task reads them", async () => {
    const file = await exportOf(webId);
    const byTitle = Object.fromEntries(file.tasks.map((task) => [task.title, task]));
    expect(byTitle.C3!.parent).toEqual({ id: ids.P, reference: expect.stringMatching(/-1$/) });
    expect(['C3', 'C1', 'C2'].map((title) => byTitle[title]!.subtask_position)).toEqual([1, 2, 3]);
    expect(byTitle.P!.parent).toBeNull();
    expect(byTitle.P!.subtask_position).toBeNull();
    expect(byTitle.W!.parent).toEqual({ id: ids.X, reference: expect.stringMatching(/^API-1$/i) });
    expect(byTitle.C1!.relations.map((relation) => [relation.side, relation.task.id]).sort()).toEqual(
      [
        ['blocks', ids.C2],
        ['duplicated_by', ids.C3],
      ].sort(),
    );
    expect(byTitle.W!.relations).toEqual([
      { side: 'blocked_by', task: { id: ids.X, reference: expect.stringMatching(/^API-1$/i) } },
    ]);
  });
});

describe('the Figgle JSON import', () => {
  it('round trip: parents, the sub-tasks’ order and all three kinds of relation come back', async () => {
    const { done, byTitle } = await importAsNew(await exportOf(webId), 'Web again');
    expect(done.problems).toEqual([]);
    const id = (title: string) => byTitle[title]!.id;
    const p = await structureOf(id('P'));
    expect(p.subtasks.map((task) => task.title)).toEqual(['C3', 'C1', 'C2']);
    expect(p.subtasks.every((task) => task.task_id !== ids.C3)).toBe(true);
    // F comes after E in the file: E still goes under it.
    expect((await structureOf(id('E'))).parent?.task_id).toBe(id('F'));
    expect(await relationsOf(id('C1'))).toEqual(['blocks C2', 'duplicated_by C3']);
    expect(await relationsOf(id('C2'))).toEqual(['blocked_by C1']);
    expect(await relationsOf(id('P'))).toEqual(['relates C3']);
    expect((await structureOf(id('C2'))).blocked).toBe(true);
  });

  it('a parent or relation in another project of the organization is kept, and that task’s log tells', async () => {
    const { done, byTitle } = await importAsNew(await exportOf(webId), 'Web third');
    expect(done.problems).toEqual([]);
    const w = byTitle.W!.id;
    expect((await structureOf(w)).parent?.task_id).toBe(ids.X);
    expect(await relationsOf(w)).toEqual(['blocked_by X']);
    const x = await structureOf(ids.X!);
    expect(x.subtasks.filter((task) => task.task_id === w)).toHaveLength(1);
    // Its own sub-task first, then each copy's, in the order they came.
    expect(x.subtasks[0]!.task_id).toBe(ids.W);
    const xFile = await exportOf(apiId);
    const lines = xFile.tasks.find((task) => task.title === 'X')!.log;
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'PARENT',
          metadata: { subtask: expect.objectContaining({ task_id: w, added: true }) },
        }),
        expect.objectContaining({
          type: 'RELATION',
          metadata: { relation: expect.objectContaining({ kind: 'blocks', task_id: w, added: true }) },
        }),
      ]),
    );
  });

  it('a parent or relation whose task is in no project of the organization is dropped and told', async () => {
    const file = await exportOf(webId);
    const elsewhere = { id: '00000000-0000-4000-8000-000000000001', reference: 'ZZZ-404' };
    const edited = {
      ...file,
      tasks: file.tasks.map((task) =>
        task.title === 'W'
          ? { ...task, parent: elsewhere, relations: [{ side: 'blocked_by', task: elsewhere }] }
          : task,
      ),
    };
    const { done, byTitle } = await importAsNew(edited, 'Web dropped');
    expect(done.problems.map((problem) => problem.reason).sort()).toEqual([
      'Its parent ZZZ-404 is in no project of this organization: it comes in at the top level.',
      'Its relation with ZZZ-404 was left out: that task is in no project of this organization.',
    ]);
    expect(done.problems.every((problem) => problem.row.includes('“W”') && problem.imported)).toBe(true);
    const w = await structureOf(byTitle.W!.id);
    expect(w.parent).toBeNull();
    expect(w.relations).toEqual([]);
  });

  it('a cycle in a hand-made file (A under B under A): the link read last is dropped and told', async () => {
    const file = await exportOf(webId);
    const [a, b] = file.tasks.filter((task) => task.title === 'E' || task.title === 'F');
    const cyclic = {
      ...file,
      tasks: file.tasks.map((task) =>
        task.id === a!.id
          ? { ...task, parent: { id: b!.id, reference: 'X-1' } }
          : task.id === b!.id
            ? { ...task, parent: { id: a!.id, reference: 'X-2' } }
            : task,
      ),
    };
    const { done, byTitle } = await importAsNew(cyclic, 'Web cycle');
    expect(done.problems).toEqual([
      {
        row: expect.stringContaining('“F”'),
        reason:
          'Its parent X-2 is also one of its sub-tasks in the file (a cycle): it comes in at the top level.',
        imported: true,
      },
    ]);
    expect((await structureOf(byTitle.E!.id)).parent?.task_id).toBe(byTitle.F!.id);
    expect((await structureOf(byTitle.F!.id)).parent).toBeNull();
  });

  it('a task under itself or related to itself in the file comes in without it, told', async () => {
    const file = await exportOf(webId);
    const self = file.tasks.find((task) => task.title === 'P')!;
    const edited = {
      ...file,
      tasks: file.tasks.map((task) =>
        task.id === self.id
          ? {
              ...task,
              parent: { id: self.id, reference: 'P-1' },
              relations: [...task.relations, { side: 'blocks', task: { id: self.id, reference: 'P-1' } }],
            }
          : task,
      ),
    };
    const { done, byTitle } = await importAsNew(edited, 'Web self');
    expect(done.problems.map((problem) => problem.reason).sort()).toEqual([
      'A relation with itself was left out.',
      'It is its own parent in the file: it comes in at the top level.',
    ]);
    expect((await structureOf(byTitle.P!.id)).parent).toBeNull();
    expect((await structureOf(byTitle.P!.id)).subtasks).toHaveLength(3);
  });

  it('places a parent and a relation across batches (1,100 tasks, the parent in the last batch)', async () => {
    const file = await exportOf(webId);
    const template = { ...file.tasks[0]!, parent: null, subtask_position: null, relations: [], log: [] };
    const tasks: ProjectExport['tasks'] = Array.from({ length: 1_100 }, (_, index) => ({
      ...template,
      id: `t${index + 1}`,
      reference: index + 1,
      title: `Task ${index + 1}`,
      rank: `a${String(index).padStart(5, '0')}`,
    }));
    tasks[0]!.parent = { id: 't1100', reference: 'WEB-1100' };
    tasks[1]!.relations = [{ side: 'blocks', task: { id: 't1050', reference: 'WEB-1050' } }];
    const { done, byTitle } = await importAsNew({ ...file, tasks }, 'Web large');
    expect(done.problems).toEqual([]);
    expect(done.progress).toEqual({ done: 1_100, total: 1_100 });
    expect((await structureOf(byTitle['Task 1']!.id)).parent?.task_id).toBe(byTitle['Task 1100']!.id);
    expect(await relationsOf(byTitle['Task 1050']!.id)).toEqual(['blocked_by Task 2']);
  });

  it('reads a file from before sub-tasks and relations: every task at the top level', async () => {
    const file = await exportOf(webId);
    const old = {
      ...file,
      tasks: file.tasks.map(({ parent: _p, subtask_position: _s, relations: _r, ...task }) => task),
    };
    const { done, byTitle } = await importAsNew(old, 'Web old');
    expect(done.problems).toEqual([]);
    for (const task of Object.values(byTitle)) {
      expect(task.parent).toBeNull();
      expect(task.relations).toEqual([]);
    }
  });

  it('refuses a file whose structure is not of the format (a relation of an unknown kind)', async () => {
    const file = await exportOf(webId);
    const bad = {
      ...file,
      tasks: file.tasks.map((task) => ({
        ...task,
        relations: [{ side: 'owns', task: { id: 'x', reference: 'y' } }],
      })),
    };
    const message = await refusedForImport(
      server,
      world.owner,
      `/api/organizations/${world.organizationId}/imports`,
      { name: 'bad.json', content: bad },
    );
    expect(message).toMatch(/relations\.0\.side/);
  });
});

describe('the CSV export', () => {
  it('has Parent and Blocked by columns after Estimate', async () => {
    const response = await ok(await world.owner.api(`/api/projects/${webId}/export.csv`));
    const [header, ...rows] = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const parentColumn = header!.indexOf('Parent');
    const blockedColumn = header!.indexOf('Blocked by');
    expect(header!.slice(parentColumn - 1, blockedColumn + 1)).toEqual(['Estimate', 'Parent', 'Blocked by']);
    const reference = Object.fromEntries(rows.map((row) => [row[1], row[0]]));
    const byTitle = Object.fromEntries(rows.map((row) => [row[1], [row[parentColumn], row[blockedColumn]]]));
    expect(byTitle.C2).toEqual([reference.P, reference.C1]);
    expect(byTitle.E).toEqual([reference.F, '']);
    expect(byTitle.P).toEqual(['', '']);
    expect(byTitle.W![0]).toMatch(/^API-1$/i);
    expect(byTitle.W![1]).toMatch(/^API-1$/i);
  });

  it('lists several blockers in one cell, comma-separated', async () => {
    await relate(ids.C2!, 'blocked_by', ids.X!);
    const response = await ok(await world.owner.api(`/api/projects/${webId}/export.csv`));
    const [header, ...rows] = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    const c2 = rows.find((row) => row[1] === 'C2')!;
    const c1 = rows.find((row) => row[1] === 'C1')!;
    expect(c2[header!.indexOf('Blocked by')]!.split(', ').sort()).toEqual(
      [c1[0]!, c2[header!.indexOf('Blocked by')]!.split(', ').find((ref) => /^API-/i.test(ref))!].sort(),
    );
    expect(c2[header!.indexOf('Blocked by')]!.split(', ')).toHaveLength(2);
  });
});
