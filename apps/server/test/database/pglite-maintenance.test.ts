// @database pglite
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { maintainPglite } from '../../src/db/pglite-maintenance.ts';

// The maintenance runs on the embedded database only (app.ts): these tests open one whichever
// database the rest of the run uses. They need no migrated schema, only tables of their own.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: IN_MEMORY });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

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
});
