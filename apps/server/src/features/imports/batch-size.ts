/**
 * A batch's transaction takes about this long; the rows of one are kept between the two bounds. On
 * the embedded database the whole transaction holds the event loop (PGlite answers each statement in
 * this thread, and the next is sent from a microtask): every request waits for the batch under way,
 * so its time is what /healthz waits at worst (docs/machinery/import-batches.md). At 40 ms and 250
 * rows at least, a busy machine stretched batches to 0.2-0.9 s. The floor keeps a busy machine from
 * shrinking batches to their fixed cost (a dozen statements and a commit, ~4 ms when idle): with 50
 * rows at a load average of 20-30, a 50,000-row CSV file took 309 s, and 12 ms with 50 rows took a
 * 48 MB board 245 s where 25 ms with 100 rows took 123 s, for a /healthz no better at that load
 * (docs/machinery/import-healthz.md).
 */
export const BATCH_MS = 25;
export const BATCH_ROWS_MIN = 100;
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
