import { describe, expect, it } from 'vitest';
import { rankFromNeighbours } from './rank.ts';

describe('rankFromNeighbours', () => {
  it('places a task between the two ranks read at index - 1 and index', () => {
    const placed = rankFromNeighbours(['a0', 'a2'], 3);
    expect(placed).toMatchObject({ before: 'a0', after: 'a2' });
    expect(placed!.rank > 'a0' && placed!.rank < 'a2').toBe(true);
  });

  it('places a task last after the one rank read at index - 1, or after the last rank for the end', () => {
    const atIndex = rankFromNeighbours(['a5'], 4);
    expect(atIndex).toMatchObject({ before: 'a5', after: null });
    expect(atIndex!.rank > 'a5').toBe(true);
    const atEnd = rankFromNeighbours(['a9'], null);
    expect(atEnd).toMatchObject({ before: 'a9', after: null });
    expect(atEnd!.rank > 'a9').toBe(true);
  });

  it('places a task first, and in an empty column', () => {
    const first = rankFromNeighbours(['a3'], 0);
    expect(first).toMatchObject({ before: null, after: 'a3' });
    expect(first!.rank < 'a3').toBe(true);
    expect(rankFromNeighbours([], 0)).toMatchObject({ before: null, after: null });
    expect(rankFromNeighbours([], null)).toMatchObject({ before: null, after: null });
  });

  it('leaves to a second read an index past the end and two tasks sharing a rank', () => {
    expect(rankFromNeighbours([], 2)).toBeNull();
    expect(rankFromNeighbours(['a1', 'a1'], 1)).toBeNull();
  });
});
