import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withDatabaseName } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher } from '@figgle/test-support/users';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { ServerProcess } from './server-process.ts';

/**
 * What a test of whole installations (backup and restore, upgrades) makes and must remove after the
 * file's tests: its temporary folders, its PostgreSQL databases, the server processes it started,
 * and one mail catcher they all send to.
 */
export interface Installations {
  mail: MailCatcher;
  /** A new empty folder under the system's temporary one. */
  folder(label: string): string;
  /** A new PostgreSQL database without any table, on TEST_DATABASE_URL's server: its address. */
  emptyDatabase(prefix: string): Promise<string>;
  /** Remembers a started server, stopped after the tests if it still runs. */
  started(server: ServerProcess): ServerProcess;
}

export function installationsPerFile(): Installations {
  const folders: string[] = [];
  const databases: string[] = [];
  const running: ServerProcess[] = [];
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const installations = {
    folder(label: string) {
      const folder = mkdtempSync(path.join(os.tmpdir(), `figgle-${label}-`));
      folders.push(folder);
      return folder;
    },
    async emptyDatabase(prefix: string) {
      const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      databases.push(name);
      return withDatabaseName(process.env.TEST_DATABASE_URL as string, name);
    },
    started(server: ServerProcess) {
      running.push(server);
      return server;
    },
  } as Installations;
  beforeAll(async () => {
    installations.mail = await startMailCatcher();
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await installations.mail?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    if (databases.length > 0) {
      const client = admin();
      await client.connect();
      for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  });
  return installations;
}
