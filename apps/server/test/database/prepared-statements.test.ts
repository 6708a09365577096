// @database both

import { useTestDatabase } from '@figgle/test-support/test-database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StatementNames } from '../../src/db/prepared-statements.ts';

describe('StatementNames', () => {
  it('names a text with parameters from its second run on, always with the same name', () => {
    const names = new StatementNames();
    const text = 'SELECT * FROM task WHERE task_id = $1';
    expect(names.nameFor(text, 1)).toBeUndefined();
    const name = names.nameFor(text, 1);
    expect(name).toMatch(/^figgle_\d+$/);
    expect(names.nameFor(text, 1)).toBe(name);
    names.nameFor('SELECT $1::int', 1);
    expect(names.nameFor('SELECT $1::int', 1)).not.toBe(name);
  });

  it('leaves texts without parameters and texts with very many parameters unnamed', () => {
    const names = new StatementNames();
    for (let run = 0; run < 3; run++) {
      expect(names.nameFor('BEGIN', 0)).toBeUndefined();
      expect(names.nameFor('INSERT INTO t VALUES ($1), ($2) /* … */', 65)).toBeUndefined();
    }
  });

  it('stops naming new texts past its limit, and keeps the names it gave', () => {
    const names = new StatementNames();
    names.nameFor('q0 $1', 1);
    const first = names.nameFor('q0 $1', 1);
    for (let i = 1; i < 600; i++) {
      names.nameFor(`q${i} $1`, 1);
      names.nameFor(`q${i} $1`, 1);
    }
    expect(names.nameFor('q599 $1', 1)).toBeUndefined();
    expect(names.nameFor('q0 $1', 1)).toBe(first);
  });
});

describe('recurring statements on the test database', () => {
  const database = useTestDatabase();

  it('answer each run with its own values once prepared, inside and outside transactions', async () => {
    const echo = (value: number) =>
      sql<{
        doubled: number;
        text: string;
      }>`SELECT ${value}::int * 2 AS doubled, ${`v${value}`}::text AS text`;
    for (let value = 0; value < 12; value++) {
      const { rows } = await echo(value).execute(database().db);
      expect(rows).toEqual([{ doubled: value * 2, text: `v${value}` }]);
    }
    const inTransaction = await database()
      .db.transaction()
      .execute(async (trx) => (await echo(21).execute(trx)).rows);
    expect(inTransaction).toEqual([{ doubled: 42, text: 'v21' }]);
    // Prepared statements belong to a connection: ask on the one that ran them.
    const prepared = await database()
      .db.connection()
      .execute(async (connection) => {
        for (let value = 0; value < 3; value++) await echo(value).execute(connection);
        const { rows } = await sql<{ count: string }>`
        SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%::int * 2 AS doubled%'
      `.execute(connection);
        return Number(rows[0]?.count);
      });
    expect(prepared).toBe(1);
  });

  it('report a failing run as an error and keep working for the next', async () => {
    const divide = (by: number) => sql<{ q: number }>`SELECT 10 / ${by}::int AS q`;
    await divide(5).execute(database().db);
    await divide(2).execute(database().db);
    await expect(divide(0).execute(database().db)).rejects.toThrow(/division by zero/);
    const { rows } = await divide(10).execute(database().db);
    expect(rows).toEqual([{ q: 1 }]);
  });
});
