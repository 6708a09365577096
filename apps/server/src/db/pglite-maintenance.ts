import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema.ts';

/** How often the embedded database's statistics are read to decide what needs a VACUUM or ANALYZE. */
const PGLITE_MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;
/** The first run after a start: soon enough to analyze what an import or a long stop left behind. */
const FIRST_RUN_AFTER_MS = 5 * 60 * 1000;
/** A quiet moment: no request (probes aside) for this long, and no durable job running. */
const QUIET_FOR_MS = 5_000;
/** How often a run waiting for its quiet moment looks again. */
const QUIET_POLL_MS = 1_000;
/** A run that found no quiet moment for this long goes ahead anyway: dead rows must not grow for ever. */
const QUIET_CEILING_MS = 30 * 60 * 1000;
/**
 * How often the tables written since their last ANALYZE are looked for between full runs, as
 * autovacuum's own check every minute does: a project filled by an import is planned for with its
 * statistics within this, not 5 minutes later (a 1,000-task list's first read took 2,089 ms without
 * them, 82 ms with them: docs/machinery/pglite-maintenance.md).
 */
export const ANALYZE_CHECK_INTERVAL_MS = 30_000;
/** The quiet moment an ANALYZE alone waits for: it reads a sample of at most 30,000 rows, not the table. */
const ANALYZE_QUIET_FOR_MS = 1_000;

/**
 * What a run of the maintenance waits for before each statement: nothing else under way. The
 * embedded database answers in the server's thread, so a VACUUM of a large table holds every
 * request for its whole time (28.7 s after a 48 MB import, issue 37 item 6).
 */
interface QuietMoment {
  /** When the last request other than a probe arrived (Date.now() clock); 0 if none yet. */
  lastRequestAt(): number;
  /** Whether a durable job (an import, a delivery) is running now. */
  jobsRunning(): Promise<boolean>;
  quietForMs?: number;
  pollMs?: number;
  /** After this long waiting from the run's start, each statement goes ahead whatever is under way. */
  ceilingMs?: number;
  /** True once the server is closing: a waiting run ends without its statements. */
  stopped?: () => boolean;
}

/** What a run did: the tables it vacuumed and those it only analyzed. */
interface MaintenanceRun {
  vacuumed: string[];
  analyzed: string[];
}

/** A run's scope: every table's VACUUM and ANALYZE and a checkpoint, or the due ANALYZEs alone. */
type MaintenanceScope = 'full' | 'analyze';

/** A running job of the durable queue whose lease holds (a job whose worker died does not count). */
export async function durableJobsRunning(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ running: boolean }>`
    SELECT EXISTS (SELECT 1 FROM job WHERE state = 'running' AND locked_until > now()) AS running
  `.execute(db);
  return rows[0]?.running === true;
}

/** Two turns of the loop: requests read during the last statement are answered before the next. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** Whether the run may go on: false when the server closed while it waited. */
async function waitForQuiet(quiet: QuietMoment | undefined, deadline: number): Promise<boolean> {
  if (!quiet) return true;
  const quietForMs = quiet.quietForMs ?? QUIET_FOR_MS;
  const pollMs = quiet.pollMs ?? QUIET_POLL_MS;
  for (;;) {
    if (quiet.stopped?.()) return false;
    if (Date.now() >= deadline) return true;
    const idleFor = Date.now() - quiet.lastRequestAt();
    if (idleFor >= quietForMs && !(await quiet.jobsRunning())) return true;
    const wait = Math.min(
      idleFor >= quietForMs ? pollMs : Math.max(pollMs, quietForMs - idleFor),
      Math.max(0, deadline - Date.now()),
    );
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
  }
}

/**
 * PostgreSQL's autovacuum and checkpointer are processes of their own, which PGlite (PostgreSQL in
 * single-user mode, in this process) does not have. Without them nothing would ever remove the dead
 * row versions every task write leaves, refresh the planner's statistics, or freeze old transaction
 * ids; and no checkpoint would come until the server stops, so the write-ahead log would grow with
 * every write for as long as the server runs (a few KB a drag; a checkpoint brings it back to the
 * 80 MB PostgreSQL keeps for reuse), and a crash would replay all of it at the next start. This does both.
 *
 * It decides as autovacuum does (docs/machinery/pglite-maintenance.md), from the statistics
 * PostgreSQL keeps per table: VACUUM where the dead rows passed 50 + 20 % of the live ones (or the
 * oldest transaction id is older than autovacuum_freeze_max_age), ANALYZE where the rows changed
 * since the last one passed 50 + 10 %. A table just filled by an import has no dead rows and is not
 * vacuumed. One table at a time, the loop free in between, each statement after a quiet moment.
 * It goes through the pool, whose one connection it waits for, so it never runs inside a transaction.
 */
export async function maintainPglite(
  db: Kysely<Database>,
  quiet?: QuietMoment,
  scope: MaintenanceScope = 'full',
): Promise<MaintenanceRun> {
  const deadline = Date.now() + (quiet?.ceilingMs ?? QUIET_CEILING_MS);
  // Counts a backend has not handed over yet (it does so at most once a second) are handed over
  // when the next statement ends, before they are read.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ name: string; vacuum: boolean; analyze: boolean }>`
    SELECT s.relname AS name,
      s.n_dead_tup > 50 + 0.2 * s.n_live_tup
        OR age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint AS vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup AS analyze
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
    ORDER BY s.relname
  `.execute(db);
  const run: MaintenanceRun = { vacuumed: [], analyzed: [] };
  for (const table of rows) {
    if (!table.analyze && (scope === 'analyze' || !table.vacuum)) continue;
    if (!(await waitForQuiet(quiet, deadline))) return run;
    if (table.vacuum && scope === 'full') {
      await (table.analyze
        ? sql`VACUUM (ANALYZE) ${sql.id(table.name)}`
        : sql`VACUUM ${sql.id(table.name)}`
      ).execute(db);
      run.vacuumed.push(table.name);
    } else {
      await sql`ANALYZE ${sql.id(table.name)}`.execute(db);
    }
    if (table.analyze) run.analyzed.push(table.name);
    await letOthersIn();
  }
  if (scope === 'analyze' || !(await waitForQuiet(quiet, deadline))) return run;
  await sql`CHECKPOINT`.execute(db);
  return run;
}

/** Runs maintainPglite now and then, until the returned function stops it. Errors go to `onError`. */
export function scheduleMaintenance(
  db: Kysely<Database>,
  quiet: QuietMoment,
  onError: (error: unknown) => void,
): () => void {
  // A run that outlasts the interval (waiting for a quiet moment) is not joined by a second one,
  // nor by an analyze pass, which a full run includes.
  let busy = false;
  let stopped = false;
  const run = (scope: MaintenanceScope) => {
    if (busy) return;
    busy = true;
    const waits =
      scope === 'analyze'
        ? { quietForMs: ANALYZE_QUIET_FOR_MS, ceilingMs: ANALYZE_CHECK_INTERVAL_MS, ...quiet }
        : quiet;
    void maintainPglite(db, { ...waits, stopped: () => stopped }, scope)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const timers = [
    setTimeout(() => run('full'), FIRST_RUN_AFTER_MS),
    setInterval(() => run('full'), PGLITE_MAINTENANCE_INTERVAL_MS),
    setInterval(() => run('analyze'), ANALYZE_CHECK_INTERVAL_MS),
  ];
  // A timer alone must not keep a process alive that is otherwise done.
  for (const timer of timers) timer.unref();
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
