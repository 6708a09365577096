// @database both
import { testDatabaseKind } from '@figgle/test-support/database-template';
import { useTestDatabase } from '@figgle/test-support/test-database';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyDatabaseFunctions, databaseFunctions } from '../../src/db/database-functions.ts';
import { migrateTo, migrateToLatest, migrationNames } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { useEmptyDatabases } from '../support/empty-databases.ts';

/**
 * The database's functions and triggers live as files under db/functions/, applied after the last
 * migration when their text changed (docs/decisions/0031-database-functions-in-files.md). A fresh
 * database and one migrated from before the step end with the files' texts, and an edited file is
 * applied at the next start.
 */
const kind = testDatabaseKind();
const NEWEST = migrationNames[migrationNames.length - 1] as string;
const emptyDatabase = useEmptyDatabases('database-functions');

/** Every function and trigger of the public schema, as the database itself writes it out. */
async function liveDefinitions(db: Kysely<Database>): Promise<string[]> {
  const functions = await sql<{ definition: string }>`
    SELECT pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND NOT EXISTS (
      SELECT 1 FROM pg_depend d
      WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`.execute(db);
  const triggers = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(t.oid) AS definition
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`.execute(db);
  return [
    ...functions.rows.map((row) => row.definition.trimEnd()),
    ...triggers.rows.map((row) => row.definition.replace(/^CREATE TRIGGER /, 'CREATE OR REPLACE TRIGGER ')),
  ].sort();
}

const fileTexts = () => databaseFunctions.map((definition) => definition.text).sort();

describe(`database functions in files (${kind})`, () => {
  const fresh = useTestDatabase();

  it('a fresh database holds exactly the texts of the files, each remembered by its checksum', async () => {
    expect(await liveDefinitions(fresh().db)).toEqual(fileTexts());
    const remembered = await sql<{ name: string }>`SELECT name FROM db_function ORDER BY name`.execute(
      fresh().db,
    );
    expect(remembered.rows.map((row) => row.name)).toEqual(databaseFunctions.map((d) => d.name).sort());
    expect(await applyDatabaseFunctions(fresh().db)).toEqual([]);
  });

  it('a database migrated before the files existed ends with the same definitions as a fresh one', async () => {
    const database = await emptyDatabase();
    try {
      await migrateTo(database.db, NEWEST);
      const before = await sql<{ table: string | null }>`
        SELECT to_regclass('db_function')::text AS table`.execute(database.db);
      expect(before.rows[0]?.table).toBeNull();
      await migrateToLatest(database.db);
      expect(await liveDefinitions(database.db)).toEqual(await liveDefinitions(fresh().db));
      expect(await applyDatabaseFunctions(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('applies an edited file at the next start, and only that one', async () => {
    const { db } = fresh();
    const target = databaseFunctions.find((d) => d.name === 'function figgle_change_task');
    expect(target).toBeDefined();
    const edited = databaseFunctions.map((d) =>
      d === target
        ? { ...d, text: d.text.replace('AS $function$', 'AS $function$\n-- edited by a test') }
        : d,
    );
    expect(await applyDatabaseFunctions(db, edited)).toEqual([target?.name]);
    expect((await liveDefinitions(db)).some((text) => text.includes('-- edited by a test'))).toBe(true);
    expect(await applyDatabaseFunctions(db, edited)).toEqual([]);
    expect(await applyDatabaseFunctions(db)).toEqual([target?.name]);
    expect(await liveDefinitions(db)).toEqual(fileTexts());
  });

  it('applies nothing when one text fails: the others roll back with it', async () => {
    const { db } = fresh();
    const target = databaseFunctions[0] as (typeof databaseFunctions)[number];
    const edited = databaseFunctions.map((d) =>
      d === target
        ? { ...d, text: d.text.replace('AS $function$', 'AS $function$\n-- edited by a test') }
        : d,
    );
    const broken = [...edited, { name: 'function figgle_broken()', text: 'CREATE OR REPLACE FUNCTION' }];
    await expect(applyDatabaseFunctions(db, broken)).rejects.toThrow();
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM db_function WHERE name = 'function figgle_broken()'`.execute(db);
    expect(rows.rows[0]?.n).toBe(0);
    expect(await liveDefinitions(db)).toEqual(fileTexts());
    expect(await applyDatabaseFunctions(db)).toEqual([]);
  });
});
