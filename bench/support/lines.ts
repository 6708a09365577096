/**
 * Cuts a stream of text chunks into whole lines: a chunk may end in the middle of a line (or of a
 * BENCH_FIGURE JSON), so the unfinished end waits for the next chunk.
 */
export class LineBuffer {
  private pending = '';

  /** The lines the chunk completes, without their line endings. */
  push(chunk: string): string[] {
    const lines = (this.pending + chunk).split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    return lines;
  }

  /** What is left when the stream ends: the last line if it had no line ending. */
  flush(): string[] {
    const rest = this.pending;
    this.pending = '';
    return rest === '' ? [] : [rest];
  }
}
