import { ParseTurns } from './one-parse-at-a-time.ts';

/**
 * The import jobs of one server read their plans and write them one at a time (issue 37, item 6).
 * On the embedded database each batch's transaction holds the one connection and the event loop
 * until it commits: two imports writing at once took turns batch by batch, the server's thread
 * busy twice as long, with both plans (tens of MB packed) held meanwhile. On PostgreSQL too, one
 * import's batches are what a server spends on imports. Keyed by the database handle (JobDeps does
 * not say which database it is), so each server of a process (tests) has its own turns; the next
 * import starts when the one before ends, done, failed or retried later.
 */
const turnsOf = new WeakMap<object, ParseTurns>();

export function importWritesOn(db: object): ParseTurns {
  let turns = turnsOf.get(db);
  if (!turns) {
    turns = new ParseTurns();
    turnsOf.set(db, turns);
  }
  return turns;
}
