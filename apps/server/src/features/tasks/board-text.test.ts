// @database pglite
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { boardPerson, boardTask } from './board-fixture.ts';
import { presentBoard } from './board-presenter.ts';
import { BoardText } from './board-text.ts';

const PROJECT = '0194a000-0000-7000-8000-0000000000aa';
const tasksOf = (count: number) => Array.from({ length: count }, (_, i) => boardTask(PROJECT, i + 1));

describe('BoardText', () => {
  it('writes the board as JSON.stringify does, and its gzip unpacks to that text', () => {
    const writer = new BoardText();
    for (const tasks of [tasksOf(40), tasksOf(1), []]) {
      const board = presentBoard(PROJECT, tasks);
      const pieces = writer.pieces(board);
      expect(pieces.join('')).toBe(JSON.stringify(board));
      expect(gunzipSync(writer.gzipOf(pieces)).toString()).toBe(JSON.stringify(board));
    }
  });

  it('writes again only the columns a move changed, and keeps the others as they were written', () => {
    const writer = new BoardText();
    const tasks = tasksOf(40);
    const before = writer.pieces(presentBoard(PROJECT, tasks));
    tasks[6] = {
      ...tasks[6]!,
      status: 'DONE',
      rank: 'b0',
      version: 2,
      updated_at: '2026-11-02T10:00:00.000Z',
    };
    const board = presentBoard(PROJECT, tasks);
    const after = writer.pieces(board);
    expect(after.join('')).toBe(JSON.stringify(board));
    const rewritten = after.filter((piece) => !before.includes(piece)).map((piece) => piece.split(':')[0]);
    expect(rewritten).toEqual([',"rank"', ',"status"', ',"version"', ',"updated"']);
    // The same text, not a copy: what ChunkedGzip finds compressed already.
    expect(after[2]).toBe(before[2]);
    expect(gunzipSync(writer.gzipOf(after)).toString()).toBe(JSON.stringify(board));
  });

  it('follows columns that come and go, and a head whose people changed', () => {
    const writer = new BoardText();
    const tasks = tasksOf(12);
    writer.pieces(presentBoard(PROJECT, tasks));
    // No estimate left: the column is left out. A new person: the head's people change.
    const changed = tasks.map((task, i) => ({
      ...task,
      estimate: null,
      assignee: i === 4 ? boardPerson(7, 'Newcomer') : task.assignee,
    }));
    for (const next of [changed, tasks, changed.slice(3)]) {
      const board = presentBoard(PROJECT, next);
      const pieces = writer.pieces(board);
      expect(pieces.join('')).toBe(JSON.stringify(board));
      expect(gunzipSync(writer.gzipOf(pieces)).toString()).toBe(JSON.stringify(board));
    }
  });
});
