import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { maintainPglite } from '../src/db/pglite-maintenance.ts';
import { openTestDatabase } from './database-template.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
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
    // PostgreSQL's own autovacuum may have been quicker; the embedded database has none.
    if (database.kind === 'pglite') expect(await estimate()).toBeLessThan(2000);
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
    // On PGlite the pool's one connection is the transaction's: maintenance waits its turn.
    if (database.kind === 'pglite') expect(finished).toBe(false);
    release();
    await transaction;
    await maintenance;
    expect(finished).toBe(true);
    const { rows } = await sql<{ note: string }>`SELECT note FROM maintained WHERE id = 1`.execute(db);
    expect(rows[0]!.note).toBe('third');
  });
});
