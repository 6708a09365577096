import type { BoardView } from '@figgle/shared/board-schemas';
import { ChunkedGzip } from './chunked-gzip.ts';

/** A column's values as last written, and its piece of text (`,"key":[…]`). */
interface WrittenColumn {
  values: readonly unknown[];
  text: string;
}

/** Two values of a column alike: the same number, string or null, or arrays of the same ones (labels). */
function alike(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!alike(a[i], b[i])) return false;
  return true;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/task-list-cache.md
/**
 * The text of a cached list's board shape, written as pieces: its head (project, people, labels,
 * statuses), then one piece per column of `tasks`, then its end. Put end to end they are
 * `JSON.stringify(board)`, byte for byte. A column whose values did not change since the last board
 * keeps its text, and the gzip of the pieces (ChunkedGzip) compresses again only the pieces that
 * changed: after a move, about five columns of the board's twenty (its rank, status, version, last
 * change and last modifier), not the whole board.
 */
export class BoardText {
  private columns = new Map<string, WrittenColumn>();
  private readonly gzip = new ChunkedGzip();

  /** The pieces of `board`'s JSON text, in order. */
  pieces(board: BoardView): string[] {
    const { tasks, ...head } = board;
    const pieces = [`${JSON.stringify(head).slice(0, -1)},"tasks":{`];
    const written = new Map<string, WrittenColumn>();
    let first = true;
    for (const [key, values] of Object.entries(tasks) as Array<[string, readonly unknown[] | undefined]>) {
      // JSON.stringify leaves out a key whose value is undefined (presentBoard deletes its empty ones).
      if (values === undefined) continue;
      const before = this.columns.get(key);
      const text =
        before && sameValues(before.values, values) && before.text.startsWith(',') !== first
          ? before.text
          : `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(values)}`;
      written.set(key, { values, text });
      pieces.push(text);
      first = false;
    }
    pieces.push('}}');
    this.columns = written;
    return pieces;
  }

  /** The gzip of pieces this made (the pieces unchanged since the last call are not compressed again). */
  gzipOf(pieces: readonly string[]): Buffer {
    return this.gzip.gzip(pieces);
  }
}
