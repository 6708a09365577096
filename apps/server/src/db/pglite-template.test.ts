import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
