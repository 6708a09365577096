import type { ImportTask } from './import-item.ts';

/** The rows a task writes: itself, its comments, checklist items and labels. */
const rowsOf = (task: ImportTask): number =>
  1 + task.comments.length + task.checklist.length + task.labels.length;

/**
 * A plan's tasks after the first `from` (already written), packed as JSON text in one buffer outside
 * the JavaScript heap: what a file-reader thread hands over before it ends (file-reader-thread.ts).
 * A 48 MB Trello board's 43,000 tasks take ~35 MB this way, against ~90 MB of live objects and a thread
 * kept alive for the whole import.
 */
export interface PackedTasks {
  /** Each task's JSON followed by a comma, one after the other. */
  text: Uint8Array;
  /** Where each task's JSON ends in `text` (its comma's offset). */
  ends: Float64Array;
  /** The rows each task writes. */
  rows: Uint32Array;
}

/** Packs `tasks`, the first `from` left out; reads a lazy iterable once, keeping no task object. */
export function packTasks(tasks: Iterable<ImportTask>, from: number): PackedTasks {
  const encoder = new TextEncoder();
  let text = new Uint8Array(1 << 20);
  let used = 0;
  const ends: number[] = [];
  const rows: number[] = [];
  let seen = 0;
  for (const task of tasks) {
    seen += 1;
    if (seen <= from) continue;
    const json = `${JSON.stringify(task)},`;
    // At most 3 bytes of UTF-8 for each UTF-16 unit.
    if (used + json.length * 3 > text.length) {
      const larger = new Uint8Array(Math.max(text.length * 2, used + json.length * 3));
      larger.set(text.subarray(0, used));
      text = larger;
    }
    used += encoder.encodeInto(json, text.subarray(used)).written;
    ends.push(used - 1);
    rows.push(rowsOf(task));
  }
  return { text: text.slice(0, used), ends: Float64Array.from(ends), rows: Uint32Array.from(rows) };
}

/**
 * Hands packed tasks out a batch at a time, each as many tasks as fit in the rows asked for (one at
 * least), parsed only when handed out.
 */
export class TaskBatches {
  #next = 0;
  readonly #decoder = new TextDecoder();

  constructor(private readonly packed: PackedTasks) {}

  /** The tasks not handed out yet. */
  get left(): number {
    return this.packed.ends.length - this.#next;
  }

  /** The next tasks writing about `rows` rows together, or null after the last. */
  take(rows: number): ImportTask[] | null {
    const { text, ends, rows: rowsOfTask } = this.packed;
    if (this.#next >= ends.length) return null;
    const first = this.#next;
    let total = 0;
    do {
      total += rowsOfTask[this.#next]!;
      this.#next += 1;
    } while (this.#next < ends.length && total + rowsOfTask[this.#next]! <= rows);
    const start = first === 0 ? 0 : ends[first - 1]! + 1;
    const json = this.#decoder.decode(text.subarray(start, ends[this.#next - 1]!));
    return JSON.parse(`[${json}]`) as ImportTask[];
  }
}
