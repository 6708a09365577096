import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema.ts';

/** How often the embedded database is vacuumed and analyzed. */
const PGLITE_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** The first run after a start: soon enough to analyze what an import or a long stop left behind. */
const FIRST_RUN_AFTER_MS = 5 * 60 * 1000;

/**
 * PostgreSQL's autovacuum and checkpointer are processes of their own, which PGlite (PostgreSQL in
 * single-user mode, in this process) does not have. Without them nothing would ever remove the dead
 * row versions every task write leaves, refresh the planner's statistics, or freeze old transaction
 * ids; and no checkpoint would come until the server stops, so the write-ahead log would grow with
 * every write for as long as the server runs (a few KB a drag; a checkpoint brings it back to the
 * 80 MB PostgreSQL keeps for reuse), and a crash would replay all of it at the next start. This does both.
 * It goes through the pool, whose one connection it waits for, so it never runs inside a transaction.
 */
export async function maintainPglite(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class
    WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
    ORDER BY relname
  `.execute(db);
  // Table by table: requests take their turns in between, instead of all waiting for the whole run.
  for (const { name } of rows) await sql`VACUUM (ANALYZE) ${sql.id(name)}`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}

/** Runs maintainPglite now and then, until the returned function stops it. Errors go to `onError`. */
export function scheduleMaintenance(db: Kysely<Database>, onError: (error: unknown) => void): () => void {
  // A run that outlasts the interval is not joined by a second one.
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    void maintainPglite(db)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const first = setTimeout(run, FIRST_RUN_AFTER_MS);
  const every = setInterval(run, PGLITE_MAINTENANCE_INTERVAL_MS);
  // A timer alone must not keep a process alive that is otherwise done.
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
