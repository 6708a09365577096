import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, IN_MEMORY, openDatabase } from '../../../apps/server/src/db/database.ts';

export const TEMPLATE_DATABASE = 'figgle_test_template';
export const templateDumpPath = path.resolve(
  fileURLToPath(import.meta.url),
  '../../../../.tmp/pglite-template.tar',
);

/** TEST_DB=postgres runs the integration suite on TEST_DATABASE_URL; PGlite otherwise. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  if (process.env.TEST_DB !== 'postgres') return 'pglite';
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return 'postgres';
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, migrated database, private to the caller. */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([readFileSync(templateDumpPath)]);
    return openDatabase({ dataDir: IN_MEMORY, loadDataDir: dump });
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `figgle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        // FORCE may find a backend it may not end (an autovacuum worker busy with the test's rows,
        // "must be a member of the role whose process is being terminated"): it is gone moments later.
        for (let attempt = 1; ; attempt++) {
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if (attempt === 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
