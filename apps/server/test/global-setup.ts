import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  TEMPLATE_DATABASE,
  templateDumpPath,
  testDatabaseKind,
  withDatabaseName,
} from '@figgle/test-support/database-template';
import pg from 'pg';
import { IN_MEMORY, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Migrate once per run, then every test file starts from a copy: a PGlite dump, or a PostgreSQL
 * template database. A fresh migrated database per file costs well under a second this way.
 */
export default async function setup(): Promise<void> {
  if (testDatabaseKind() === 'postgres') {
    await preparePostgresTemplate(process.env.TEST_DATABASE_URL!);
  } else {
    await preparePgliteTemplate();
  }
}

async function preparePgliteTemplate(): Promise<void> {
  const database = await openDatabase({ dataDir: IN_MEMORY });
  await migrateToLatest(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  mkdirSync(path.dirname(templateDumpPath), { recursive: true });
  writeFileSync(templateDumpPath, Buffer.from(await dump.arrayBuffer()));
}

export async function preparePostgresTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabaseName(url, TEMPLATE_DATABASE), dataDir: '' });
  await migrateToLatest(database.db);
  await database.close();
}
