// @database pglite
import { trelloBoard } from '@figgle/test-support/trello-board';
import { describe, expect, it } from 'vitest';
import { planTrello, readTrelloBoard, readTrelloBytes } from './trello.ts';

/** A board whose ids are names of Object.prototype's own members. */
function boardWithIds(listId: string, labelColor: string) {
  const read = readTrelloBoard(
    JSON.parse(`{
      "name": "Tricky",
      "lists": [{ "id": ${JSON.stringify(listId)}, "name": "Doing" }, { "id": "l2", "name": "Done" }],
      "cards": [
        { "id": "c1", "name": "In the tricky list", "idList": ${JSON.stringify(listId)}, "idLabels": ["b1"] },
        { "id": "c2", "name": "In a plain list", "idList": "l2", "idLabels": ["b1"] }
      ],
      "labels": [{ "id": "b1", "name": "", "color": ${JSON.stringify(labelColor)} }]
    }`),
  );
  if ('error' in read) throw new Error(read.error);
  return read.board;
}

describe('a Trello board with ids named like Object.prototype members', () => {
  for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`reads a list id “${id}” that the mapping does not name as no list, and a colour “${id}” as gray`, () => {
      const plan = planTrello(boardWithIds(id, id), { l2: 'DONE' });
      // Every status and colour is one of Figgle's words: a function or an object would fail the job.
      expect([...plan.tasks].map((task) => [task.title, task.status])).toEqual([['In a plain list', 'DONE']]);
      expect(plan.skipped).toEqual([
        { row: 'Card “In the tricky list”', reason: 'Its list is not on the board.', imported: false },
      ]);
      expect(plan.labels.map((label) => label.color)).toEqual(['gray']);
    });
  }

  it('still takes a list the mapping names', () => {
    const plan = planTrello(boardWithIds('l1', 'sky_dark'), { l1: 'DOING', l2: 'DONE' });
    expect([...plan.tasks].map((task) => task.status)).toEqual(['DOING', 'DONE']);
    expect(plan.labels[0]?.color).toBe('cyan');
  });
});

describe('a Trello board read an element at a time from its bytes', () => {
  const bytesOf = (text: string) => new TextEncoder().encode(text);

  it('reads what the whole parse reads, and plans the same tasks', () => {
    const { board } = trelloBoard({
      cards: 120,
      commentsPerCard: [0, 2, 5],
      lists: ['To Do', 'Doing', 'Done'],
    });
    const text = JSON.stringify(board, null, 1);
    const whole = readTrelloBoard(JSON.parse(text));
    const streamed = readTrelloBytes(bytesOf(`\uFEFF${text}`));
    expect(streamed).toEqual(whole);
    if (!streamed || 'error' in streamed || 'error' in whole) throw new Error('unread');
    const lists = Object.fromEntries(board.lists.map((list) => [list.id, 'TODO' as const]));
    for (const checklistsAsSubtasks of [false, true]) {
      const plan = planTrello(streamed.board, lists, { checklistsAsSubtasks });
      const tasks = [...plan.tasks];
      expect(tasks).toHaveLength(plan.taskCount);
      // Read twice, the same tasks.
      expect([...plan.tasks]).toEqual(tasks);
      const keys = new Set(tasks.flatMap((task) => (task.key ? [task.key] : [])));
      for (const { child, parent } of plan.structure?.parents ?? []) {
        expect(keys.has(child)).toBe(true);
        expect('key' in parent && keys.has(parent.key)).toBe(true);
      }
      expect((plan.structure?.parents.length ?? 0) > 0).toBe(checklistsAsSubtasks);
    }
  });

  it('tells the first problem as the whole parse does', () => {
    const broken = (cards: unknown[]) =>
      JSON.stringify({ name: 'B', lists: [{ id: 'l1', name: 'To Do' }], cards, actions: [{ type: 7 }] });
    for (const text of [
      broken([
        { id: 'c1', name: 'Fine', idList: 'l1' },
        { id: 'c2', name: 'No list' },
      ]),
      broken([{ id: 'c1', name: 'Fine', idList: 'l1' }]),
      JSON.stringify({ name: 3, lists: [], cards: [] }),
    ]) {
      const streamed = readTrelloBytes(bytesOf(text));
      expect(streamed).toEqual(readTrelloBoard(JSON.parse(text)));
      expect(streamed).toHaveProperty('error');
    }
  });

  it('leaves to the whole parse what is not plainly a board, and throws where the JSON breaks', () => {
    for (const text of [
      '[1, 2]',
      '{"format": "figgle-project", "lists": [], "cards": []}',
      '{"lists": [], "cards": [], "cards": []}',
      '{"lists": {}, "cards": []}',
      '{"lists": [], "cards": []} trailing',
    ])
      expect(readTrelloBytes(bytesOf(text))).toBeNull();
    for (const text of [
      '{"lists": [], "cards": [{"id": "c1"',
      '{"lists": [,], "cards": []}',
      '{"lists" [] }',
    ])
      expect(() => readTrelloBytes(bytesOf(text))).toThrow(SyntaxError);
  });
});
