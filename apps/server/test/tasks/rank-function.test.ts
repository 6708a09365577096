// @database both

import { useTestDatabase } from '@figgle/test-support/test-database';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

const database = useTestDatabase();

/** Keys as a board makes them: appended, prepended, dropped between, and some spread at once. */
function keysLikeABoard(count: number, random: () => number): string[] {
  const keys = generateNKeysBetween(null, null, 5);
  while (keys.length < count) {
    const at = Math.floor(random() * (keys.length + 1));
    keys.splice(at, 0, generateKeyBetween(keys[at - 1] ?? null, keys[at] ?? null));
  }
  return keys;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('figgle_rank_between (the move statement’s rank)', () => {
  it('answers what fractional-indexing answers, for every pair of neighbours and both ends', async () => {
    const keys = [
      ...keysLikeABoard(400, seeded(7)),
      // Around the integer parts' edges: the last of a length, the first of the next, and far ones.
      ...[
        'Zz',
        'a0',
        'az',
        'b00',
        'bzz',
        'c000',
        'Yzz',
        'Xzzz',
        'a0V',
        'a0z',
        'a1',
        'zzzzzzzzzzzzzzzzzzzzzzzzzzz',
      ],
    ].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const pairs: [string | null, string | null][] = [[null, null]];
    for (const [i, key] of keys.entries()) {
      pairs.push([null, key], [key, null]);
      const next = keys[i + 1];
      if (next !== undefined && next !== key) pairs.push([key, next]);
    }
    const expected = pairs.map(([a, b]) => generateKeyBetween(a, b));
    const { rows } = await sql<{ rank: string }>`
      SELECT figgle_rank_between(pair.a, pair.b) AS rank
      FROM unnest(${pairs.map((pair) => pair[0])}::text[], ${pairs.map((pair) => pair[1])}::text[])
        WITH ORDINALITY AS pair(a, b, position)
      ORDER BY pair.position
    `.execute(database().db);
    expect(rows.map((row) => row.rank)).toEqual(expected);
  });

  it('answers nothing for keys the library refuses, so the move takes its full path', async () => {
    const { rows } = await sql<{ rank: string | null }>`
      SELECT figgle_rank_between(a, b) AS rank
      FROM (VALUES ('a1', 'a0'), ('a10', NULL), (NULL, '!x'), ('a0', 'a0'), ('a', NULL)) AS pair(a, b)
    `.execute(database().db);
    expect(rows.map((row) => row.rank)).toEqual([null, null, null, null, null]);
    expect(() => generateKeyBetween('a10', null)).toThrow();
  });
});
