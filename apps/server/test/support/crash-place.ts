import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, type testDatabaseKind } from '@figgle/test-support/database-template';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { killLeftoverServers, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Where a kill test's servers run: one data directory and, on PostgreSQL, one database, kept while
 * server processes are started on them, killed (SIGKILL) and started again. On the embedded database
 * the first start copies the migrated template into the directory (startServerProcess), so no start
 * runs initdb or the migrations.
 */
export interface CrashPlace {
  dataDir: string;
  /** The PostgreSQL database the servers share; undefined on the embedded one (in dataDir). */
  postgres: (DatabaseHandle & { url?: string }) | undefined;
  /** A server process on this place, with the test's own settings on top. */
  start(settings: Record<string, string>): Promise<ServerProcess>;
  /** Kills what still runs, drops the database and removes the directory. */
  close(): Promise<void>;
}

export async function openCrashPlace(
  kind: ReturnType<typeof testDatabaseKind>,
  label: string,
): Promise<CrashPlace> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `figgle-${label}-`));
  const postgres = kind === 'postgres' ? await openTestDatabase() : undefined;
  return {
    dataDir,
    postgres,
    start: (settings) =>
      startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', ...settings }),
    async close() {
      await killLeftoverServers();
      await postgres?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
