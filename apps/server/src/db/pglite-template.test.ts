// @database pglite
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteTemplateDir, preparePgliteTemplate } from './database.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database template (made by npm install)', () => {
  it('is named for the installed PGlite version and holds an initialized cluster', async () => {
    const template = await preparePgliteTemplate();
    expect(template).toBe(pgliteTemplateDir());
    expect(path.basename(template)).toMatch(/^pglite-\d+\.\d+\.\d+.*-initdb$/);
    expect(readFileSync(path.join(template, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    // Asking again keeps the one there.
    expect(await preparePgliteTemplate()).toBe(template);
  });

  it('gives a new data directory a working database of its own, leaving the template untouched', async () => {
    const template = await preparePgliteTemplate();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-template-'));
    made.push(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      await sql`CREATE TABLE only_here (id int)`.execute(database.db);
      await sql`INSERT INTO only_here VALUES (7)`.execute(database.db);
      const { rows } = await sql<{ id: number }>`SELECT id FROM only_here`.execute(database.db);
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite/PG_VERSION'))).toBe(true);
    // The copy is made apart (a child process) and renamed in whole: private, with nothing left beside it.
    expect(readdirSync(dataDir).filter((name) => name.includes('.tmp'))).toEqual([]);
    // PGlite writes its relation caches (pg_internal.init) anew on opening, with modes of its own; the
    // folders around them are 0700, so they are reachable by this account only all the same.
    const pgliteDir = path.join(dataDir, 'pglite');
    const copied = readdirSync(template, { recursive: true, withFileTypes: true }).map((entry) =>
      path.relative(template, path.join(entry.parentPath, entry.name)),
    );
    const notPrivate = ['', ...copied.filter((relative) => !relative.endsWith('pg_internal.init'))].filter(
      (relative) => {
        const stat = statSync(path.join(pgliteDir, relative));
        return stat.isDirectory() ? (stat.mode & 0o777) !== 0o700 : (stat.mode & 0o077) !== 0;
      },
    );
    expect(copied.length).toBeGreaterThan(100);
    expect(notPrivate).toEqual([]);
    const reopened = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ id: number }>`SELECT id FROM only_here`.execute(reopened.db);
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await reopened.close();
    }
    // The table went into the copy only: a second new directory starts empty.
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-template-'));
    made.push(otherDir);
    const other = await openDatabase({ dataDir: otherDir });
    try {
      const { rows } = await sql<{ count: string }>`
        SELECT count(*) FROM information_schema.tables WHERE table_name = 'only_here'
      `.execute(other.db);
      expect(rows[0]?.count).toBe('0');
    } finally {
      await other.close();
    }
    expect(existsSync(path.join(template, 'base'))).toBe(true);
  });
});
