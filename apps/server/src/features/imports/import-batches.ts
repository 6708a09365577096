import type { ImportTask } from './import-item.ts';

/**
 * A batch closes at this many tasks, or earlier when their comments and items add up. Each batch
 * costs a commit and a few fixed statements besides its rows. Measured with bench/import on the
 * embedded database at the same load, a 50,000-row CSV file took 25.7 s with 250-task batches,
 * 20.8 s with 500 and 20.2 s with 1,000: 500 keeps most of the gain with transactions half as long,
 * so requests wait little between them. Smaller batches sized to commit in 40 ms (tried with
 * bench/import-load.ts) brought /healthz's p99 from 192 to 98 ms during a 48 MB board but made the
 * import twice as slow and left its slowest answers as they were.
 */
const BATCH_TASKS = 500;
const BATCH_ROWS = 4_000;

/** The rows a task writes: itself, its comments, checklist items and labels. */
const rowsOf = (task: ImportTask): number =>
  1 + task.comments.length + task.checklist.length + task.labels.length;

/** The tasks after the first `from` (already written), a batch at a time, read as they are asked for. */
export function* batchesOf(tasks: Iterable<ImportTask>, from: number): Generator<ImportTask[]> {
  let current: ImportTask[] = [];
  let rows = 0;
  let seen = 0;
  for (const task of tasks) {
    seen += 1;
    if (seen <= from) continue;
    current.push(task);
    rows += rowsOf(task);
    if (current.length >= BATCH_TASKS || rows >= BATCH_ROWS) {
      yield current;
      current = [];
      rows = 0;
    }
  }
  if (current.length > 0) yield current;
}
