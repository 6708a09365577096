// @database pglite

import { useTestDatabase } from '@figgle/test-support/test-database';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { durableJobsRunning, maintainPglite } from '../../src/db/pglite-maintenance.ts';
import type { Database } from '../../src/db/schema.ts';
import { IMPORT_JOB } from '../../src/jobs/job-kinds.ts';
import { claimJobs, completeJob, enqueueJob } from '../../src/jobs/job-queue.ts';

// The maintenance runs on the embedded database only (app.ts): these tests open one whichever
// database the rest of the run uses. They need no migrated schema, only tables of their own.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: IN_MEMORY });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** How many times a table was vacuumed, by hand or by maintainPglite. */
const vacuums = async (db: Kysely<Database>, table: string) =>
  Number(
    (
      await sql<{ count: number }>`
        SELECT vacuum_count AS count FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db)
    ).rows[0]!.count,
  );

describe('the embedded database’s maintenance (its autovacuum)', () => {
  it('vacuums and analyzes: the planner learns the size of a table written since', async () => {
    const { db } = database;
    await sql`CREATE TABLE maintained (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`INSERT INTO maintained SELECT n, 'first' FROM generate_series(1, 2000) AS n`.execute(db);
    await sql`UPDATE maintained SET note = 'second'`.execute(db);
    const estimate = async () =>
      Number(
        (
          await sql<{
            reltuples: number;
          }>`SELECT reltuples FROM pg_class WHERE relname = 'maintained'`.execute(db)
        ).rows[0]!.reltuples,
      );
    // The embedded database has no autovacuum to have done it already.
    expect(await estimate()).toBeLessThan(2000);
    await maintainPglite(db);
    expect(await estimate()).toBe(2000);
  });

  it('waits for a transaction under way instead of failing inside it', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      inside();
      await held;
      await sql`UPDATE maintained SET note = 'third' WHERE id = 1`.execute(trx);
    });
    await started;
    let finished = false;
    const maintenance = maintainPglite(db).then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The pool's one connection is the transaction's: maintenance waits its turn.
    expect(finished).toBe(false);
    release();
    await transaction;
    await maintenance;
    expect(finished).toBe(true);
    const { rows } = await sql<{ note: string }>`SELECT note FROM maintained WHERE id = 1`.execute(db);
    expect(rows[0]!.note).toBe('third');
  });

  it('checkpoints: the write-ahead log up to then is no longer needed, and a crash replays only what came after', async () => {
    const { db } = database;
    const lsn = async (query: ReturnType<typeof sql<{ lsn: string }>>) =>
      (await query.execute(db)).rows[0]!.lsn;
    const lastCheckpoint = () =>
      lsn(sql<{ lsn: string }>`SELECT checkpoint_lsn::text AS lsn FROM pg_control_checkpoint()`);
    await sql`INSERT INTO maintained SELECT n, 'more' FROM generate_series(2001, 4000) AS n`.execute(db);
    const before = await lastCheckpoint();
    const written = await lsn(sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`);
    expect(
      (await sql<{ ahead: boolean }>`SELECT ${written}::pg_lsn > ${before}::pg_lsn AS ahead`.execute(db))
        .rows[0]!.ahead,
    ).toBe(true);
    await maintainPglite(db);
    const after = await lastCheckpoint();
    const { rows } = await sql<{
      covered: boolean;
    }>`SELECT ${after}::pg_lsn >= ${written}::pg_lsn AS covered`.execute(db);
    expect(rows[0]!.covered).toBe(true);
  });

  it('leaves a freshly imported table unvacuumed, and analyzes it', async () => {
    const { db } = database;
    await sql`CREATE TABLE imported (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`INSERT INTO imported SELECT n, 'card' FROM generate_series(1, 5000) AS n`.execute(db);
    const run = await maintainPglite(db);
    // Only inserts: no dead row to remove, so no VACUUM holding the server for the whole table.
    expect(run.vacuumed).not.toContain('imported');
    expect(await vacuums(db, 'imported')).toBe(0);
    expect(run.analyzed).toContain('imported');
    // Untouched since: the next run has nothing to do with it.
    const again = await maintainPglite(db);
    expect(again.vacuumed).not.toContain('imported');
    expect(again.analyzed).not.toContain('imported');
  });

  it('analyzes what was written between full runs, and vacuums nothing then', async () => {
    const { db } = database;
    await sql`CREATE TABLE filled (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`CREATE TABLE rewritten (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`INSERT INTO rewritten SELECT n, 'first' FROM generate_series(1, 3000) AS n`.execute(db);
    await maintainPglite(db);
    await sql`INSERT INTO filled SELECT n, 'card' FROM generate_series(1, 4000) AS n`.execute(db);
    await sql`UPDATE rewritten SET note = 'second'`.execute(db);
    const pass = await maintainPglite(db, undefined, 'analyze');
    expect(pass.vacuumed).toEqual([]);
    expect(pass.analyzed).toEqual(expect.arrayContaining(['filled', 'rewritten']));
    expect(await vacuums(db, 'rewritten')).toBe(0);
    const planned = await sql<{ reltuples: number }>`
      SELECT reltuples FROM pg_class WHERE relname = 'filled'`.execute(db);
    expect(Number(planned.rows[0]!.reltuples)).toBe(4000);
    // The dead rows are the next full run's.
    expect((await maintainPglite(db)).vacuumed).toContain('rewritten');
  });

  it('vacuums a table whose rows were mostly updated, and only that one', async () => {
    const { db } = database;
    await sql`CREATE TABLE churned (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`CREATE TABLE touched (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`INSERT INTO churned SELECT n, 'first' FROM generate_series(1, 3000) AS n`.execute(db);
    await sql`INSERT INTO touched SELECT n, 'first' FROM generate_series(1, 3000) AS n`.execute(db);
    await maintainPglite(db);
    await sql`UPDATE churned SET note = 'second' WHERE id <= 2000`.execute(db);
    // 100 dead rows of 3,000: under autovacuum's 50 + 20 % (650).
    await sql`UPDATE touched SET note = 'second' WHERE id <= 100`.execute(db);
    const run = await maintainPglite(db);
    expect(run.vacuumed).toContain('churned');
    expect(run.vacuumed).not.toContain('touched');
    expect(await vacuums(db, 'churned')).toBe(1);
    expect(await vacuums(db, 'touched')).toBe(0);
  });
});

describe('the maintenance waits for a quiet moment', () => {
  const database = useTestDatabase();
  const quietWith = (overrides: { lastRequestAt?: () => number; ceilingMs?: number } = {}) => ({
    lastRequestAt: () => 0,
    jobsRunning: () => durableJobsRunning(database().db),
    quietForMs: 200,
    pollMs: 20,
    ...overrides,
  });
  const churn = async (table: string) => {
    const { db } = database();
    await sql`CREATE TABLE ${sql.id(table)} (id integer PRIMARY KEY, note text)`.execute(db);
    await sql`INSERT INTO ${sql.id(table)} SELECT n, 'first' FROM generate_series(1, 2000) AS n`.execute(db);
    await sql`UPDATE ${sql.id(table)} SET note = 'second'`.execute(db);
  };
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('does not vacuum while an import job runs, and does once it ended', async () => {
    const { db } = database();
    await churn('during_import');
    await enqueueJob(db, {
      kind: IMPORT_JOB,
      organizationId: null,
      dedupeKey: 'maintenance-wait',
      payload: {},
    });
    const [job] = await claimJobs(db, 'import-worker', 1, 60_000);
    expect(job?.kind).toBe(IMPORT_JOB);
    expect(await durableJobsRunning(db)).toBe(true);
    let finished = false;
    const run = maintainPglite(db, quietWith()).then((done) => {
      finished = true;
      return done;
    });
    await tick(600);
    expect(finished).toBe(false);
    expect(await vacuums(db, 'during_import')).toBe(0);
    await completeJob(db, job!, 'import-worker');
    expect((await run).vacuumed).toContain('during_import');
    expect(await vacuums(db, 'during_import')).toBe(1);
  });

  it('waits for requests to stop for a while', async () => {
    const { db } = database();
    await churn('during_requests');
    // Requests keep coming (the last one always just now) until they stop, whatever the timers' delays.
    let requestsStoppedAt: number | undefined;
    const lastRequestAt = () => requestsStoppedAt ?? Date.now();
    let finished = false;
    const run = maintainPglite(db, quietWith({ lastRequestAt })).then((done) => {
      finished = true;
      return done;
    });
    await tick(600);
    expect(finished).toBe(false);
    expect(await vacuums(db, 'during_requests')).toBe(0);
    requestsStoppedAt = Date.now();
    expect((await run).vacuumed).toContain('during_requests');
  });

  it('goes ahead after its ceiling, whatever is under way', async () => {
    const { db } = database();
    await churn('never_quiet');
    const started = Date.now();
    const run = await maintainPglite(db, quietWith({ lastRequestAt: () => Date.now(), ceilingMs: 300 }));
    expect(run.vacuumed).toContain('never_quiet');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
