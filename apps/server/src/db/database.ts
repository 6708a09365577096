import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/** dataDir value for a database that lives only in memory (tests). */
export const IN_MEMORY = 'memory://';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Present on the embedded database: its in-process LISTEN/NOTIFY feeds the realtime bus. */
  pglite?: PGlite;
  /** Present on PostgreSQL: lets the bus open its own LISTEN connection. */
  connectionString?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** A PGlite dump (from dumpDataDir) to start from: tests use a migrated template. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', connectionString, close: () => db.destroy() };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const options = loadDataDir ? { loadDataDir } : {};
  let pglite: PGlite;
  if (dataDir === IN_MEMORY) {
    pglite = await PGlite.create(options);
  } else {
    mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(`${dataDir}/pglite`, options);
  }
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
