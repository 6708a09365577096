import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDatabaseKind, withDatabaseName } from '@figgle/test-support/database-template';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';

/**
 * Empty databases of the run's kind, not migrated (a test of migrations brings each where it wants):
 * a data directory of its own on PGlite, a database of its own beside TEST_DATABASE_URL's on
 * PostgreSQL. Each is deleted after the calling file's tests; the caller closes what it opened.
 */
export function useEmptyDatabases(label: string): () => Promise<DatabaseHandle> {
  const folders: string[] = [];
  const databases: string[] = [];
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

  afterAll(async () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    if (databases.length === 0) return;
    const client = admin();
    await client.connect();
    for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  return async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), `figgle-${label}-`));
    folders.push(folder);
    const dataDir = path.join(folder, 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (testDatabaseKind() === 'pglite') return openDatabase({ dataDir, databaseUrl: '' });
    const name = `figgle_${label.replaceAll('-', '_')}_${Math.random().toString(36).slice(2, 10)}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    databases.push(name);
    return openDatabase({
      dataDir,
      databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL as string, name),
    });
  };
}
