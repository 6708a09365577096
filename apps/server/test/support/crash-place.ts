import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, type testDatabaseKind } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { createRemoteUser } from './remote-user.ts';
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

/** A kill test's place, its mail catcher, the first server on it and a person signed up there. */
export interface KillWorld {
  mail: MailCatcher;
  place: CrashPlace;
  first: ServerProcess;
  user: TestUser;
  /** Another server process on the place: the same settings, and the first one's public address. */
  start(): Promise<ServerProcess>;
}

/**
 * Opens a kill test's world before the file's tests and closes it after them: a crash place, a mail
 * catcher, a first server with `settings`, and `person` signed up on it. A restart keeps the first
 * server's public address, so that its sessions and links stay valid.
 */
export function killWorldPerFile(
  kind: ReturnType<typeof testDatabaseKind>,
  label: string,
  settings: Record<string, string>,
  person: string,
  timeoutMs: number,
): KillWorld {
  let publicUrl: string | undefined;
  const world = {
    start: () =>
      world.place.start({
        SMTP_URL: world.mail.url,
        ...settings,
        ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      }),
  } as KillWorld;
  beforeAll(async () => {
    world.mail = await startMailCatcher();
    world.place = await openCrashPlace(kind, label);
    world.first = await world.start();
    publicUrl = world.first.url;
    world.user = await createRemoteUser(world.first.url, world.mail, person);
  }, timeoutMs);
  afterAll(async () => {
    await world.place?.close();
    await world.mail?.stop();
  });
  return world;
}

/** Moves a server's test clock on (TEST_CLOCK_CONTROL), a week at a time at the most. */
export async function moveClock(server: ServerProcess, advanceMs: number): Promise<void> {
  const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
  for (let left = advanceMs; left > 0; left -= WEEK_MS) {
    const response = await fetch(`${server.url}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: Math.min(left, WEEK_MS) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
}
