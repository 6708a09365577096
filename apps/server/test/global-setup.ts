import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  databaseCodeKey,
  templateDatabaseName,
  templateDumpPath,
  testDatabaseKind,
  withDatabaseName,
} from '@figgle/test-support/database-template';
import pg from 'pg';
import { IN_MEMORY, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Migrate once, then every test file starts from a copy: a PGlite dump, or a PostgreSQL template
 * database. A fresh migrated database per file costs well under a second this way. The PGlite dump
 * is kept between runs (.tmp/pglite-template.tar) and made again only when the database code, a
 * migration or the PGlite version changed: a run of one file then starts at once.
 */
export default async function setup(): Promise<void> {
  if (testDatabaseKind() === 'postgres') {
    await preparePostgresTemplate(process.env.TEST_DATABASE_URL!);
  } else {
    await preparePgliteTemplate();
  }
}

async function preparePgliteTemplate(): Promise<void> {
  const key = databaseCodeKey();
  const keyPath = `${templateDumpPath}.key`;
  if (existsSync(templateDumpPath) && existsSync(keyPath) && readFileSync(keyPath, 'utf8') === key) return;
  const database = await openDatabase({ dataDir: IN_MEMORY });
  await migrateToLatest(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  mkdirSync(path.dirname(templateDumpPath), { recursive: true });
  // Written beside and renamed, so a run started meanwhile finds the old dump or the new one, whole.
  const building = `${templateDumpPath}.${process.pid}.tmp`;
  writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
  renameSync(building, templateDumpPath);
  writeFileSync(keyPath, key);
}

/**
 * The template database of this code, built when missing. Built under a name of its own and renamed
 * when whole: a run that starts meanwhile finds no template or a complete one, and one built by
 * another run of the same code is used as it is (a template is never written after it is built).
 */
export async function preparePostgresTemplate(url: string): Promise<void> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ databaseUrl: withDatabaseName(url, building), dataDir: '' });
    await migrateToLatest(database.db);
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      // Another run of the same code renamed its copy first: that one is used.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
