// @database pglite

import type { ImportView, StartImportInput } from '@figgle/shared/import-schemas';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { analysed, finished, start } from '../import/import-world.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

/**
 * Issue 42, the Trello import: a card's checklists become sub-tasks of its task when the person
 * chooses it (trello_checklists_as_subtasks, off by default), each item a task under the card's, in
 * the checklists' order, ticked ones Done.
 */
let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });

const item = (name: string, pos: number, done = false) => ({
  name,
  pos,
  state: done ? 'complete' : 'incomplete',
});
const card = (id: string, name: string, idList: string, pos: number, closed = false) => ({
  id,
  name,
  desc: '',
  closed,
  idList,
  idLabels: [],
  due: null,
  pos,
});

const board = {
  name: 'Launch board',
  lists: [
    { id: 'todo', name: 'To do', closed: false, pos: 1 },
    { id: 'done', name: 'Done', closed: false, pos: 2 },
  ],
  cards: [
    card('c1', 'Launch', 'todo', 1),
    card('c2', 'Old idea', 'todo', 2, true),
    card('c3', 'Plain', 'done', 1),
  ],
  labels: [],
  // The second checklist of "Launch" comes first by position; its items are out of order in the file.
  checklists: [
    { id: 'k2', idCard: 'c1', name: 'Go', pos: 2, checkItems: [item('Announce', 1)] },
    {
      id: 'k1',
      idCard: 'c1',
      name: 'Prepare',
      pos: 1,
      checkItems: [item('Write notes', 2), item('Book room', 1, true)],
    },
    { id: 'k3', idCard: 'c2', name: 'Checklist', pos: 1, checkItems: [item('Sketch', 1)] },
  ],
  actions: [],
};

const lists = { todo: 'TODO', done: 'DONE' } as const;

async function importBoard(input: Partial<StartImportInput>) {
  const projectId = await createProject(world.owner, world.organizationId, 'Launch');
  const run: ImportView = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(board));
  await start(world.owner, run.import_id, { trello_lists: lists, allow_duplicate: true, ...input });
  const done = await finished(world.owner, run.import_id);
  expect(done.state, done.error ?? '').toBe('done');
  const tasks = await server.deps.db
    .selectFrom('task')
    .select(['task_id', 'title', 'status', 'parent_id', 'subtask_position'])
    .where('project_id', '=', projectId)
    .orderBy('reference')
    .execute();
  const items = await server.deps.db
    .selectFrom('checklist_item')
    .innerJoin('task', 'task.task_id', 'checklist_item.task_id')
    .select(['task.title', 'checklist_item.text', 'checklist_item.done'])
    .where('task.project_id', '=', projectId)
    .orderBy('task.reference')
    .orderBy('checklist_item.rank')
    .execute();
  return { done, tasks, items, byTitle: new Map(tasks.map((task) => [task.title, task])) };
}

describe('a Trello board’s checklists', () => {
  it('stay checklist items by default', async () => {
    const { done, tasks, items } = await importBoard({});
    expect(done.imported).toMatchObject({ tasks: 3, checklist_items: 4 });
    expect(tasks.map((task) => task.title)).toEqual(['Launch', 'Old idea', 'Plain']);
    expect(tasks.every((task) => task.parent_id === null)).toBe(true);
    expect(items.map((row) => [row.title, row.text, row.done])).toEqual([
      ['Launch', 'Book room', true],
      ['Launch', 'Write notes', false],
      ['Launch', 'Announce', false],
      ['Old idea', 'Sketch', false],
    ]);
  });

  it('stay checklist items when the option is off', async () => {
    const { done, items } = await importBoard({ trello_checklists_as_subtasks: false });
    expect(done.imported).toMatchObject({ tasks: 3, checklist_items: 4 });
    expect(items).toHaveLength(4);
  });

  it('become sub-tasks of the card’s task when chosen: in order, ticked ones Done', async () => {
    const { done, tasks, items, byTitle } = await importBoard({ trello_checklists_as_subtasks: true });
    expect(done.problems).toEqual([]);
    expect(done.imported).toMatchObject({ tasks: 7, checklist_items: 0 });
    expect(done.progress).toEqual({ done: 7, total: 7 });
    expect(items).toEqual([]);
    const launch = byTitle.get('Launch')!;
    const under = (parentId: string) =>
      tasks
        .filter((task) => task.parent_id === parentId)
        .sort((a, b) => a.subtask_position! - b.subtask_position!)
        .map((task) => [task.title, task.status, task.subtask_position]);
    expect(under(launch.task_id)).toEqual([
      ['Book room', 'DONE', 1],
      ['Write notes', 'TODO', 2],
      ['Announce', 'TODO', 3],
    ]);
    // An archived card's open items are archived with it.
    expect(under(byTitle.get('Old idea')!.task_id)).toEqual([['Sketch', 'ARCHIVE', 1]]);
    expect(byTitle.get('Plain')!.parent_id).toBeNull();

    const structure = (await (
      await world.owner.api(`/api/tasks/${launch.task_id}/structure`)
    ).json()) as TaskStructureView;
    expect(structure.progress).toEqual({ done: 1, total: 3 });
    expect(structure.subtasks.map((task) => task.title)).toEqual(['Book room', 'Write notes', 'Announce']);
  });

  it('refuses an option that is not a yes or no (400), and the import does not start', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Launch');
    const run = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(board));
    const response = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { trello_lists: lists, allow_duplicate: true, trello_checklists_as_subtasks: 'yes' },
    });
    expect(response.status).toBe(400);
    const after = (await (await world.owner.api(`/api/imports/${run.import_id}`)).json()) as ImportView;
    expect(after.state).toBe('analysed');
  });
});
