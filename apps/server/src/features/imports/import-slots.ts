import { HttpError } from '../../http/errors.ts';

declare module '../../app-types.ts' {
  interface AppDeps {
    /** Files to import being received and read at once (this file), made by app.ts. */
    importSlots: ImportSlots;
  }
}

/**
 * Files to import this server is receiving and reading at once, per person and in all (issue 37): each
 * costs memory in proportion to the file and time on the one event loop, so 4 parallel 48 MB files
 * from one member must not take the server down. A slot is taken before the first byte is read and
 * given back when the file has been stored and read, or refused. Counted per server process: on
 * several servers behind a balancer, each counts its own.
 */
export class ImportSlots {
  #all = 0;
  readonly #byUser = new Map<string, number>();

  constructor(
    private readonly perUser: number,
    private readonly perServer: number,
  ) {}

  /** Takes a slot for `userId`, or throws a 429 saying which limit was met. Call `release` once. */
  take(userId: string): () => void {
    const mine = this.#byUser.get(userId) ?? 0;
    if (mine >= this.perUser)
      throw new HttpError(
        429,
        'too_many_imports',
        this.perUser === 1
          ? 'You are already sending a file to import. Wait until it has been read, then send the next.'
          : `You are already sending ${mine} files to import. Wait until one has been read, then send the next.`,
      );
    if (this.#all >= this.perServer)
      throw new HttpError(
        429,
        'server_busy_importing',
        'The server is reading other files to import right now. Try again in a minute.',
      );
    this.#all += 1;
    this.#byUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#all -= 1;
      const left = (this.#byUser.get(userId) ?? 1) - 1;
      if (left === 0) this.#byUser.delete(userId);
      else this.#byUser.set(userId, left);
    };
  }

  /** Slots held now, for tests and the log. */
  underWay(): number {
    return this.#all;
  }
}
