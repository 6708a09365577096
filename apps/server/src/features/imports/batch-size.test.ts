// @database pglite
import { describe, expect, it } from 'vitest';
import { BATCH_MS, BATCH_ROWS_MAX, BATCH_ROWS_MIN, BatchSize } from './batch-size.ts';

describe('BatchSize', () => {
  it('sizes the next batch to commit in about BATCH_MS from the rows per millisecond measured', () => {
    const size = new BatchSize();
    size.took(1_000, 100); // 10 rows a millisecond, faster than the first guess: smoothed upwards
    expect(size.rows()).toBeGreaterThan(2 * BATCH_MS);
    size.took(300, 100); // 3 rows a millisecond: slower, taken at once
    expect(size.rows()).toBe(Math.max(BATCH_ROWS_MIN, 3 * BATCH_MS));
  });

  it('shrinks the next batch to the floor after one slow batch (a busy machine)', () => {
    const size = new BatchSize();
    size.took(100, 800); // 0.125 rows a millisecond
    expect(size.rows()).toBe(BATCH_ROWS_MIN);
  });

  it('never writes more than BATCH_ROWS_MAX rows at once, however fast the batches were', () => {
    const size = new BatchSize();
    for (let n = 0; n < 20; n++) size.took(4_000, 1);
    expect(size.rows()).toBe(BATCH_ROWS_MAX);
  });
});
