// @database pglite

import type { TestServer } from '@figgle/test-support/test-server';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { analysed, finished, start } from './import-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

describe('importing a Trello board', () => {
  it('suggests a status per list, then carries every card with its fields, labels, checklists and comments', async () => {
    const fixture = trelloBoard({ cards: 30, lists: ['Backlog', 'In progress', 'Shipped'], closedEvery: 10 });
    const projectId = await createProject(world.owner, world.organizationId, 'Trello');
    const run = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(fixture.board));
    expect(run.state).toBe('analysed');
    expect(run.format).toBe('trello');
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    expect(run.analysis.lists.map((list) => [list.name, list.cards, list.suggested_status])).toEqual([
      ['Backlog', 10, 'TODO'],
      ['In progress', 10, 'DOING'],
      ['Shipped', 10, 'DONE'],
    ]);
    expect(run.analysis).toMatchObject({
      board_name: 'Website relaunch',
      cards: 30,
      comments: fixture.expected.comments,
      checklist_items: fixture.expected.checklistItems,
    });

    const lists = Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, list.suggested_status]));
    const started = await start(world.owner, run.import_id, { trello_lists: lists });
    expect(['queued', 'running', 'done']).toContain(started.state);
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.progress).toEqual({ done: 30, total: 30 });
    expect(done.imported).toEqual({
      tasks: 30,
      comments: fixture.expected.comments,
      checklist_items: fixture.expected.checklistItems,
      labels: 6,
    });
    expect(done.problems).toEqual([]);

    const { db } = server.deps;
    const tasks = await db
      .selectFrom('task')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('reference')
      .execute();
    expect(tasks).toHaveLength(30);
    expect(tasks.map((task) => task.reference)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    const byTitle = new Map(tasks.map((task) => [task.title, task]));
    for (const card of fixture.board.cards) {
      const task = byTitle.get(card.name);
      expect(task, card.name).toBeDefined();
      const listIndex = fixture.board.lists.findIndex((list) => list.id === card.idList);
      expect(task!.status).toBe(card.closed ? 'ARCHIVE' : ['TODO', 'DOING', 'DONE'][listIndex]);
      expect(task!.due_at ? new Date(task!.due_at).toISOString() : null).toBe(card.due);
      expect(task!.content_json).toEqual({ ops: [{ insert: card.desc ? `${card.desc}\n` : '\n' }] });
      expect(task!.author_id).toBe(world.owner.userId);
    }
    expect(tasks.filter((task) => task.status === 'ARCHIVE')).toHaveLength(fixture.expected.closed);

    // Labels: created in the organization, colours on the palette, a nameless one named by its colour.
    const labels = await db
      .selectFrom('label')
      .select(['name', 'color'])
      .where('organization_id', '=', world.organizationId)
      .execute();
    expect(labels).toEqual(
      expect.arrayContaining([
        { name: 'Bug', color: 'red' },
        { name: 'Design', color: 'violet' },
        { name: 'Backend', color: 'cyan' },
        { name: 'Yellow', color: 'yellow' },
        { name: 'Needs review', color: 'orange' },
      ]),
    );
    const second = fixture.board.cards[1]!;
    const secondLabels = await db
      .selectFrom('task_label')
      .innerJoin('label', 'label.label_id', 'task_label.label_id')
      .select('label.name')
      .where('task_label.task_id', '=', byTitle.get(second.name)!.task_id)
      .orderBy('label.name')
      .execute();
    expect(secondLabels.map((label) => label.name)).toEqual(['Design', 'Feature']);

    // Checklists: items in order, the first one done.
    const first = byTitle.get(fixture.board.cards[0]!.name)!;
    const items = await db
      .selectFrom('checklist_item')
      .select(['text', 'done'])
      .where('task_id', '=', first.task_id)
      .orderBy('rank')
      .execute();
    expect(items).toEqual([
      { text: 'Draft (1)', done: true },
      { text: 'Review (1)', done: false },
      { text: 'Publish (1)', done: false },
    ]);

    // Comments: oldest first, under their original author's name, with the original date.
    const comments = await db
      .selectFrom('comment')
      .select(['author_id', 'author_name', 'content_json', 'created_at'])
      .where('task_id', '=', first.task_id)
      .orderBy('created_at')
      .execute();
    expect(comments.map((comment) => comment.author_name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(comments[0]!.author_id).toBeNull();
    expect(comments[0]!.created_at.toISOString()).toBe('2024-01-08T09:00:00.000Z');
    expect(comments[0]!.content_json).toEqual({
      ops: [
        {
          insert:
            'Originally by Ada Lovelace on 2024-01-08 09:00 UTC\nComment 1 on card 1: looks good, ada.\n',
        },
      ],
    });
    expect(first.comments_total).toBe(2);

    // The task's API shows it as any other: with its labels and checklist progress, and on the board.
    const listed = await world.member.api(`/api/projects/${projectId}/tasks`);
    expect(listed.status).toBe(200);
    const body = await listed.text();
    expect(body).toContain(fixture.board.cards[29]!.name);
    const log = await db.selectFrom('log').select('type').where('task_id', '=', first.task_id).execute();
    expect(log).toEqual([{ type: 'CREATION' }]);
  });

  it('takes a comment dated out of the database’s years as undated, rather than failing the import', async () => {
    // Trello's dates are read with Date.parse, which also takes the year 0 and six-digit years: the
    // database has neither, and such a comment failed the import's job at every try.
    const fixture = trelloBoard({ cards: 3, commentsPerCard: [2, 0, 1] });
    const comments = fixture.board.actions.filter((action) => action.type === 'commentCard');
    expect(comments).toHaveLength(3);
    comments[0]!.date = '0000-01-01T00:00:00.000Z';
    comments[1]!.date = '+275760-09-13T00:00:00.000Z';
    const projectId = await createProject(world.owner, world.organizationId, 'Odd dates');
    const run = await analysed(
      server,
      world.owner,
      projectId,
      'odd-dates.json',
      JSON.stringify(fixture.board),
    );
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const lists = Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, list.suggested_status]));
    await start(world.owner, run.import_id, { trello_lists: lists, allow_duplicate: true });
    const done = await finished(world.owner, run.import_id);
    expect(done.error).toBeNull();
    expect(done.state).toBe('done');
    expect(done.imported).toMatchObject({ tasks: 3, comments: 3 });
  });

  it('refuses to start without a status for every list, and starts only once', async () => {
    const fixture = trelloBoard({ cards: 3, name: 'Small board' });
    const projectId = await createProject(world.owner, world.organizationId, 'Small');
    const run = await analysed(server, world.owner, projectId, 'small.json', JSON.stringify(fixture.board));
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const [todo, doing] = run.analysis.lists;
    const missing = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { trello_lists: { [todo!.list_id]: 'TODO', [doing!.list_id]: 'DOING' } },
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      'Choose a status for the list “Done”.',
    );
    expect(
      await server.deps.db.selectFrom('task').select('task_id').where('project_id', '=', projectId).execute(),
    ).toEqual([]);

    const lists = Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, 'ARCHIVE' as const]));
    await start(world.owner, run.import_id, { trello_lists: lists });
    const again = await world.owner.api(`/api/imports/${run.import_id}/start`, {
      body: { trello_lists: lists },
    });
    expect(again.status).toBe(409);
    const done = await finished(world.owner, run.import_id);
    expect(done.imported.tasks).toBe(3);
    const statuses = await server.deps.db
      .selectFrom('task')
      .select('status')
      .where('project_id', '=', projectId)
      .execute();
    expect(statuses.every((task) => task.status === 'ARCHIVE')).toBe(true);
  });
});
