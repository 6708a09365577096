/**
 * A batch's transaction takes about this long; the rows of one are kept between the two bounds. On
 * the embedded database the whole transaction holds the event loop (PGlite answers each statement in
 * this thread, and the next is sent from a microtask): every request waits for the batch under way,
 * so its time is what /healthz waits at worst (docs/machinery/import-batches.md). At 25 ms and 100
 * rows at least, /healthz waited 39-56 ms at the median and 0.6 s at the 99th percentile at a load
 * average of 13-37 (docs/machinery/import-healthz.md). The floor keeps a busy machine from shrinking
 * batches to their fixed cost (a dozen statements and a commit, ~4 ms when idle): with 50 rows at a
 * load average of 20-30 and no other change, a 50,000-row CSV file took 309 s.
 */
export const BATCH_MS = 12;
export const BATCH_ROWS_MIN = 50;
export const BATCH_ROWS_MAX = 4_000;

/**
 * How many rows the next batch writes: as many as commit in about BATCH_MS, from the rows per
 * millisecond the batches so far took. On the embedded database a transaction holds the one
 * connection and the event loop: /healthz and every request wait for the batch under way (issue 37,
 * item 6: batches of 500 tasks took 0.5-0.9 s under load, /healthz 2-3 s behind a few).
 */
export class BatchSize {
  #rowsPerMs = 2;

  rows(): number {
    return Math.round(Math.min(BATCH_ROWS_MAX, Math.max(BATCH_ROWS_MIN, this.#rowsPerMs * BATCH_MS)));
  }

  took(rows: number, ms: number): void {
    const measured = rows / Math.max(ms, 1);
    // Smoothed, and quick to shrink: one slow batch (a busy machine) makes the next smaller at once.
    this.#rowsPerMs = measured < this.#rowsPerMs ? measured : 0.7 * this.#rowsPerMs + 0.3 * measured;
  }
}
