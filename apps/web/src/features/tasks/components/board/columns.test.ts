import { describe, expect, it } from 'vitest';
import {
  columnOf,
  dropAt,
  endDropId,
  fullColumnIndex,
  groupIntoColumns,
  moveAcross,
  rankBetween,
} from './columns';

const tasks = [
  { task_id: 'b', status: 'TODO' as const, rank: 'a1' },
  { task_id: 'a', status: 'TODO' as const, rank: 'a0' },
  { task_id: 'c', status: 'TODO' as const, rank: 'a2' },
  { task_id: 'x', status: 'DOING' as const, rank: 'a0' },
  { task_id: 'y', status: 'DOING' as const, rank: 'a0' },
];

describe('board columns', () => {
  it('groups by status in rank order, task id breaking ties like the server', () => {
    expect(groupIntoColumns(tasks)).toEqual({
      TODO: ['a', 'b', 'c'],
      DOING: ['x', 'y'],
      DONE: [],
      ARCHIVE: [],
    });
  });

  it('finds the column of a task, a column drop id and an end zone', () => {
    const columns = groupIntoColumns(tasks);
    expect(columnOf(columns, 'y')).toBe('DOING');
    expect(columnOf(columns, 'column:DONE')).toBe('DONE');
    expect(columnOf(columns, endDropId('ARCHIVE'))).toBe('ARCHIVE');
    expect(columnOf(columns, 'column:NOPE')).toBeNull();
    expect(columnOf(columns, 'zzz')).toBeNull();
  });

  it('moves a card across columns before, after or at the end', () => {
    const columns = groupIntoColumns(tasks);
    expect(moveAcross(columns, 'b', 'y').DOING).toEqual(['x', 'b', 'y']);
    expect(moveAcross(columns, 'b', 'x', { below: true }).DOING).toEqual(['x', 'b', 'y']);
    expect(moveAcross(columns, 'b', 'column:DONE').DONE).toEqual(['b']);
    expect(moveAcross(columns, 'b', 'x', { append: true }).DOING).toEqual(['x', 'y', 'b']);
    expect(moveAcross(columns, 'b', 'x').TODO).toEqual(['a', 'c']);
    expect(moveAcross(columns, 'b', 'a')).toBe(columns);
  });

  it('computes the index of a drop without the card itself', () => {
    const columns = groupIntoColumns(tasks);
    expect(dropAt(columns, 'c', 'a')).toMatchObject({ status: 'TODO', index: 0 });
    expect(dropAt(columns, 'a', 'c')).toMatchObject({ status: 'TODO', index: 2 });
    expect(dropAt(columns, 'a', 'b')?.columns.TODO).toEqual(['b', 'a', 'c']);
    expect(dropAt(columns, 'a', endDropId('TODO'))).toMatchObject({ index: 2 });
    expect(dropAt(columns, 'b', 'b')).toMatchObject({ index: 1 });
    expect(dropAt(columns, 'b', 'column:TODO')).toMatchObject({ index: 1 });
    const across = moveAcross(columns, 'b', 'y');
    expect(dropAt(across, 'b', 'b')).toMatchObject({ status: 'DOING', index: 1 });
  });

  it('makes a rank between neighbours, or none when they are out of order', () => {
    const rank = rankBetween('a0', 'a1');
    expect(rank !== null && rank > 'a0' && rank < 'a1').toBe(true);
    expect(rankBetween(null, null)).toBe('a0');
    expect(rankBetween('a1', 'a0')).toBeNull();
  });

  describe('a drop on a filtered board', () => {
    // The whole column; the filters show only the upper-case ones.
    const full = ['A', 'h1', 'B', 'h2', 'h3', 'C', 'h4'];
    const shown = ['A', 'B', 'C'];
    const drop = (taskId: string, overId: string) => {
      const columns = { TODO: shown, DOING: [], DONE: [], ARCHIVE: [] };
      const after = dropAt(columns, taskId, overId)!;
      return fullColumnIndex(full, after.columns.TODO!, taskId);
    };
    const place = (taskId: string, index: number) => {
      const others = full.filter((id) => id !== taskId);
      others.splice(index, 0, taskId);
      return others;
    };

    it('puts the task right after the shown card above it, hidden ones kept around', () => {
      // C dropped on B: shown A, C, B, so C goes right after A, before the hidden h1.
      expect(place('C', drop('C', 'B'))).toEqual(['A', 'C', 'h1', 'B', 'h2', 'h3', 'h4']);
      // A dropped on C: shown B, C, A, so A goes right after C.
      expect(place('A', drop('A', 'C'))).toEqual(['h1', 'B', 'h2', 'h3', 'C', 'A', 'h4']);
      // B dropped at the end: after C.
      expect(place('B', drop('B', endDropId('TODO')))).toEqual(['A', 'h1', 'h2', 'h3', 'C', 'B', 'h4']);
    });

    it('puts the first shown card right before the one below it', () => {
      // B dropped on A: shown B, A, so B goes right before A (index 0 here).
      expect(drop('B', 'A')).toBe(0);
      const tail = ['h0', 'A', 'B'];
      expect(fullColumnIndex(tail, ['B', 'A'], 'B')).toBe(1);
    });

    it('counts the whole column when the shown card is alone, or across columns', () => {
      // Alone among the shown cards of the target column: last of the whole column.
      expect(fullColumnIndex(['h1', 'h2'], ['X'], 'X')).toBe(2);
      // Into another column between two shown cards, hidden ones in between.
      expect(fullColumnIndex(['P', 'h1', 'Q'], ['P', 'X', 'Q'], 'X')).toBe(1);
      // Unfiltered, it is the index dropAt gives.
      const columns = groupIntoColumns(tasks);
      const unfiltered = dropAt(columns, 'a', 'c')!;
      expect(fullColumnIndex(columns.TODO!, unfiltered.columns.TODO!, 'a')).toBe(unfiltered.index);
    });
  });
});
