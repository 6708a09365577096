import { describe, expect, it } from 'vitest';
import { columnOf, dropAt, endDropId, groupIntoColumns, moveAcross, rankBetween } from './columns';

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
});
