// @database pglite
import { describe, expect, it } from 'vitest';
import { planTrello, readTrelloBoard } from './trello.ts';

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
