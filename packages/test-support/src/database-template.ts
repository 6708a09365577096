import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatabaseHandle } from '../../../apps/server/src/db/database.ts';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../..');

let codeKey: string | undefined;
/**
 * What a migrated test database depends on: the database code with its migrations, and PGlite's
 * version. It names the templates, so a run never uses one another checkout built from other code.
 */
export function databaseCodeKey(): string {
  if (codeKey) return codeKey;
  const hash = createHash('sha256');
  const dbDir = path.join(root, 'apps/server/src/db');
  const files = readdirSync(dbDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(dbDir, file)));
  for (const dir of ['apps/server/node_modules', 'node_modules']) {
    const pglite = path.join(root, dir, '@electric-sql/pglite/package.json');
    if (existsSync(pglite)) hash.update(readFileSync(pglite));
  }
  codeKey = hash.digest('hex');
  return codeKey;
}

/**
 * The PostgreSQL template of this code (global-setup.ts builds it once): named by databaseCodeKey,
 * so two runs of different code on one PostgreSQL (two checkouts, a CI run beside a developer's)
 * never drop or use each other's.
 */
export function templateDatabaseName(): string {
  return `figgle_test_template_${databaseCodeKey().slice(0, 16)}`;
}
export const templateDumpPath = path.resolve(
  fileURLToPath(import.meta.url),
  '../../../../.tmp/pglite-template.tar',
);

/**
 * How global-setup.ts makes the dump, beside what it holds: changed when the making changes, so a
 * dump made the old way is made again (its .key file holds templateDumpKey).
 */
const TEMPLATE_DUMP_MAKING = 'after a WAL switch and a CHECKPOINT, with one WAL segment, trimmed';

let dumpKey: string | undefined;
/** What the PGlite dump depends on: the database code (databaseCodeKey) and the way it is made. */
export function templateDumpKey(): string {
  dumpKey ??= createHash('sha256').update(databaseCodeKey()).update(TEMPLATE_DUMP_MAKING).digest('hex');
  return dumpKey;
}

/**
 * Node's Blob copies bytes given to it (~0.4 s for the dump on this machine) and reads them out again
 * in small chunks (as long), at each test database's open. PGlite reads a dump only through
 * arrayBuffer(), which this Blob answers with the bytes read from the file, as they are.
 */
class BytesBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Buffer) {
    super([]);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    this.#bytes = (
      whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    ) as ArrayBuffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

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
  // Loaded here, not at the top: the browser suite reads this module's names without the database code.
  const { IN_MEMORY, openDatabase } = await import('../../../apps/server/src/db/database.ts');
  if (testDatabaseKind() === 'pglite') {
    const dump = new BytesBlob(readFileSync(templateDumpPath));
    return openDatabase({ dataDir: IN_MEMORY, loadDataDir: dump });
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `figgle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName()}`);
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
