// @database pglite
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ChunkedGzip } from './chunked-gzip.ts';

const piecesOf = (count: number, change = -1) =>
  Array.from(
    { length: count },
    (_, i) => `{"n":${i},"title":"${i === change ? 'changed' : 'a task'} ${'é'.repeat(i % 7)}"}, `,
  );

describe('ChunkedGzip', () => {
  it('makes a gzip any reader unpacks to the whole text, before and after a piece changed', () => {
    const gzip = new ChunkedGzip();
    for (const pieces of [piecesOf(40), piecesOf(40, 7), piecesOf(41, 7), ['[]']]) {
      expect(gunzipSync(gzip.gzip(pieces)).toString()).toBe(pieces.join(''));
    }
  });
});
