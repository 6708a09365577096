import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** What the PGlite dump depends on: the database code with its migrations, and PGlite's version. */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  const dbDir = fileURLToPath(new URL('../src/db/', import.meta.url));
  const files = readdirSync(dbDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(dbDir, file)));
  // Where npm installs it (the module runner of a global setup has no import.meta.resolve).
  for (const dir of ['../node_modules', '../../../node_modules']) {
    const pglite = fileURLToPath(new URL(`${dir}/@electric-sql/pglite/package.json`, import.meta.url));
    if (existsSync(pglite)) hash.update(readFileSync(pglite));
  }
  return hash.digest('hex');
}

async function preparePgliteTemplate(): Promise<void> {
  const key = pgliteTemplateKey();
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
