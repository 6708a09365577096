// @database pglite
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * After migration 0041 a function or trigger is created or changed only by its file under
 * db/functions/ (docs/decisions/0031-database-functions-in-files.md): a migration that replaced a
 * function's text would be undone by the step that applies the files at the end of the same start.
 */
const LAST_WITH_FUNCTIONS = '0041';
const migrationsDir = new URL('./migrations/', import.meta.url);

const definesFunctionOrTrigger = (text: string) =>
  /\bCREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|PROCEDURE|TRIGGER)\b/i.test(text);

describe('migrations after the files of db/functions/', () => {
  it.each([
    'await sql`CREATE OR REPLACE FUNCTION figgle_x() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$`',
    'await sql`create trigger t after insert on task for each row execute function f()`',
    'await sql`\n  CREATE   FUNCTION g()`',
  ])('recognise a definition in %s', (text) => {
    expect(definesFunctionOrTrigger(text)).toBe(true);
  });

  it('create no function or trigger', () => {
    const later = readdirSync(migrationsDir).filter(
      (name) => /^\d{4}_.*\.ts$/.test(name) && name.slice(0, 4) > LAST_WITH_FUNCTIONS,
    );
    const defining = later.filter((name) =>
      definesFunctionOrTrigger(readFileSync(new URL(name, migrationsDir), 'utf8')),
    );
    expect(
      defining,
      'put the text in a file under db/functions/ and list it in database-functions.ts',
    ).toEqual([]);
    expect(definesFunctionOrTrigger('ALTER TABLE task ADD COLUMN x int; DROP FUNCTION old_one()')).toBe(
      false,
    );
  });
});
