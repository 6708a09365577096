// @database both

import type { ImportView } from '@figgle/shared/import-schemas';
import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { analysed, finished, sendImportFile, start } from './import-world.ts';

// Issue 43: a Trello list goes to one of the target project's own statuses ("In review"), and a
// status of another project is a 400 that changes nothing. The import writes the tasks' columns and
// ranks in SQL (write-batch.ts): both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function addStatus(projectId: string, name: string, category: string): Promise<ProjectStatusView> {
  const response = await world.owner.api(`/api/projects/${projectId}/statuses`, {
    body: { name, color: 'violet', category },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  // The answer is the project's statuses, the new one among them.
  const statuses = (await response.json()) as ProjectStatusView[];
  return statuses.find((status) => status.name === name)!;
}

async function statusesOf(projectId: string): Promise<ProjectStatusView[]> {
  const response = await world.owner.api(`/api/projects/${projectId}/statuses`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectStatusView[];
}

const tasksOf = (projectId: string) =>
  server.deps.db
    .selectFrom('task')
    .select(['title', 'status', 'status_category', 'rank'])
    .where('project_id', '=', projectId)
    .orderBy('reference')
    .execute();

describe('a Trello list mapped to a status of the project', () => {
  it('carries the cards into the project’s own status, and archived cards into its Canceled one', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Review board');
    const review = await addStatus(projectId, 'In review', 'started');
    const wontDo = await addStatus(projectId, 'Won’t do', 'canceled');
    // Archive removed: the file's archived cards go to the project's first Canceled status.
    const archive = (await statusesOf(projectId)).find((status) => status.key === 'ARCHIVE')!;
    expect(
      (await world.owner.api(`/api/project-statuses/${archive.status_id}`, { method: 'DELETE' })).status,
    ).toBe(204);

    const fixture = trelloBoard({ cards: 12, lists: ['Ideas', 'Reviewing'], closedEvery: 4 });
    const run = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(fixture.board));
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const [ideas, reviewing] = run.analysis.lists;
    await start(world.owner, run.import_id, {
      trello_lists: { [ideas!.list_id]: 'TODO', [reviewing!.list_id]: review.key },
    });
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.progress).toEqual({ done: 12, total: 12 });

    const tasks = await tasksOf(projectId);
    const byTitle = new Map(tasks.map((task) => [task.title, task]));
    for (const card of fixture.board.cards) {
      const expected = card.closed ? wontDo.key : card.idList === reviewing!.list_id ? review.key : 'TODO';
      expect(byTitle.get(card.name)?.status, card.name).toBe(expected);
    }
    expect(
      tasks.filter((task) => task.status === review.key).every((task) => task.status_category === 'started'),
    ).toBe(true);
    // Each column's ranks are distinct, so the board orders them.
    for (const key of ['TODO', review.key, wontDo.key]) {
      const ranks = tasks.filter((task) => task.status === key).map((task) => task.rank);
      expect(ranks.length, key).toBeGreaterThan(0);
      expect(new Set(ranks).size, key).toBe(ranks.length);
    }
  });

  it('refuses a status of another project with a 400 and starts nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Plain board');
    const otherId = await createProject(world.owner, world.organizationId, 'Other board');
    const elsewhere = await addStatus(otherId, 'Elsewhere', 'started');
    const fixture = trelloBoard({ cards: 3, lists: ['Only'] });
    const run = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(fixture.board));
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const listId = run.analysis.lists[0]!.list_id;

    const refused = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { trello_lists: { [listId]: elsewhere.key } },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'unknown_status',
      message: expect.stringContaining('“Only”'),
      issues: [{ path: `trello_lists.${listId}` }],
    });
    const still = (await (await world.owner.api(`/api/imports/${run.import_id}`)).json()) as ImportView;
    expect(still.state).toBe('analysed');
    expect(await tasksOf(projectId)).toEqual([]);

    await start(world.owner, run.import_id, { trello_lists: { [listId]: 'DOING' } });
    expect((await finished(world.owner, run.import_id)).state).toBe('done');
    expect((await tasksOf(projectId)).map((task) => task.status)).toEqual(['DOING', 'DOING', 'DOING']);
  });

  it('into a new project: only the four first statuses, which every new project has', async () => {
    const fixture = trelloBoard({ cards: 2, lists: ['Only'] });
    const response = await sendImportFile(
      server,
      world.owner,
      `/api/organizations/${world.organizationId}/imports`,
      'board.json',
      JSON.stringify(fixture.board),
    );
    expect(response.status).toBe(201);
    const run = (await response.json()) as ImportView;
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const listId = run.analysis.lists[0]!.list_id;
    const refused = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { trello_lists: { [listId]: 'IN_REVIEW' }, project_name: 'Fresh' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'unknown_status' });
    const projects = await server.deps.db
      .selectFrom('project')
      .select('project_id')
      .where('name', '=', 'Fresh')
      .execute();
    expect(projects).toEqual([]);
  });
});
