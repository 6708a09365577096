/**
 * Files to import are parsed one at a time per server (issue 37, item 6). A 48 MB Trello board
 * parses into a few hundred MB of objects wherever it is parsed; two at once took the server past
 * its memory target. Each parse waits for its turn, first come first served; after the parse, a
 * plan's thread keeps only the tasks it hands over, so the turn ends there.
 */
export class ParseTurns {
  #running = false;
  readonly #waiting: Array<() => void> = [];

  /** Runs `parse` once no other parse of this server runs. */
  async run<T>(parse: () => Promise<T>): Promise<T> {
    if (this.#running) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running = true;
    try {
      return await parse();
    } finally {
      // The turn passes straight to the next in line, so nobody slips in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running = false;
    }
  }

  /** Parses running (0 or 1) and waiting, for tests and the log. */
  state(): { running: number; waiting: number } {
    return { running: this.#running ? 1 : 0, waiting: this.#waiting.length };
  }
}

/** This server's turns: every file-reader thread's parse takes one. */
export const fileParses = new ParseTurns();
