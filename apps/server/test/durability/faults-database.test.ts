// @database both
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher } from '@figgle/test-support/users';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrationNames } from '../../src/db/migrate.ts';
import { BUS_APPLICATION_NAME } from '../../src/realtime/postgres-bus.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { eventsOn, TestSocket } from '../realtime/realtime-socket.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { probeWhileDown, waitUntil } from '../support/outage-probe.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { appliedMigrations, crashConsistencyProblems } from '../support/task-consistency.ts';
import { allWrites, runTaskWriteStorm } from '../support/task-write-storm.ts';

/**
 * Faults a self-hosted server must survive, on real server processes (`main.ts`): a SIGKILL in the
 * middle of a storm of writes (on the database of this run), and, on the PostgreSQL run, PostgreSQL
 * itself stopped under two running servers. The outage uses a private PostgreSQL server started
 * for this file, never the shared test database.
 */
const kind = testDatabaseKind();
const WRITES = 2_000;
const IN_FLIGHT = 200;
const LANES = 40;

describe(`SIGKILL in the middle of ${WRITES} concurrent task writes (${kind})`, () => {
  let mail: MailCatcher;
  let dataDir: string;
  const dataDirs: string[] = [];
  let postgres: (DatabaseHandle & { url?: string }) | undefined;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    if (kind === 'postgres') postgres = await openTestDatabase();
  });

  // An attempt that timed out leaves its server running on its data directory: stopped here, and
  // each attempt has a directory of its own, so a retry starts as the first attempt did.
  afterEach(async () => {
    const left = running.splice(0);
    for (const server of left) server.child.kill('SIGKILL');
    await Promise.all(left.map((server) => server.exited));
  });

  afterAll(async () => {
    await postgres?.close();
    await mail?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      SECRET: 'sigkill-secret-that-is-long-enough-0123456789',
      SMTP_URL: mail.url,
    });
    running.push(server);
    return server;
  };

  it('keeps every write answered 2xx, invents none, and starts again clean on the same data', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-sigkill-'));
    dataDirs.push(dataDir);
    const first = await start();
    const user = await createRemoteUser(first.url, mail);
    const organizationId = await createOrganizationAs(user, 'Crash test');
    const projectId = await createProject(user, organizationId, 'Crash');
    const seeded = new Map<string, { title: string; status: string }>();
    const seeding = Array.from({ length: LANES }, async (_, lane) => {
      const title = `seeded ${lane}`;
      const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
      expect(response.status).toBe(201);
      seeded.set(((await response.json()) as { task_id: string }).task_id, { title, status: 'TODO' });
    });
    await Promise.all(seeding);

    // Somewhere after the first tenth of the writes, with hundreds more in flight and queued.
    const killAfterAnswered = Math.floor(WRITES * (0.1 + Math.random() * 0.2));
    const storm = await runTaskWriteStorm({
      user,
      projectId,
      laneTaskIds: [...seeded.keys()],
      total: WRITES,
      concurrency: IN_FLIGHT,
      killAfterAnswered,
      kill: () => first.child.kill('SIGKILL'),
    });
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');
    const answered = allWrites(storm).filter((write) => write.answer !== 0);
    // Before the kill no request failed, and every answer under load was a success.
    expect(allWrites(storm).flatMap((write) => write.failure ?? [])).toEqual([]);
    expect(storm.answeredAtKill).toBe(killAfterAnswered);
    // Both kinds of write were answered before the kill, so both are checked below.
    expect(answered.some((write) => write.kind === 'create')).toBe(true);
    expect(answered.some((write) => write.kind === 'update')).toBe(true);
    expect(answered.filter((write) => write.answer !== 200 && write.answer !== 201)).toEqual([]);

    const second = await start();
    expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({ status: 'ok', database: kind });
    const again = onServer(user, second.url);
    const listed = (await (await again.api(`/api/projects/${projectId}/tasks`)).json()) as Array<{
      task_id: string;
    }>;
    const listedIds = new Set(listed.map((task) => task.task_id));
    const createdIds = storm.creates.filter((write) => write.answer === 201).map((write) => write.taskId);
    expect(createdIds.filter((id) => !id || !listedIds.has(id))).toEqual([]);
    const after = await again.api(`/api/projects/${projectId}/tasks`, { body: { title: 'after the crash' } });
    expect(after.status).toBe(201);
    expect(((await after.json()) as { reference: number }).reference).toBe(listed.length + 1);

    let inspected: DatabaseHandle;
    if (postgres) inspected = postgres;
    else {
      // The embedded database belongs to one process: stop the server, then read its files.
      await second.stop();
      expect(await second.exited).toBe(0);
      inspected = await openDatabase({ dataDir });
    }
    try {
      const withAfter = { ...storm, creates: [...storm.creates] };
      withAfter.creates.push({ kind: 'create', title: 'after the crash', status: 'TODO', answer: 0 });
      expect(await crashConsistencyProblems(inspected.db, projectId, seeded, withAfter)).toEqual([]);
      expect(await appliedMigrations(inspected.db)).toEqual(migrationNames);
    } finally {
      if (inspected !== postgres) await inspected.close();
    }
    expect(second.output()).not.toMatch(/"level":(50|60)|Error/);
    console.log(
      `SIGKILL on ${kind}: ${answered.length} of ${WRITES} writes answered (kill after ${killAfterAnswered}), ` +
        `${answered.filter((w) => w.kind === 'create').length} creations and ` +
        `${answered.filter((w) => w.kind === 'update').length} changes kept`,
    );
  }, 150_000);
});

async function busConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state IS NOT NULL',
      [BUS_APPLICATION_NAME],
    );
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** Well under the 5 s people wait before they give up on a page. */
const FAIL_FAST_MS = 2_000;
const OUTAGE_MS = 4_000;

if (kind === 'postgres')
  describe('PostgreSQL stopped under two running servers', () => {
    let postgres: PrivatePostgres;
    let mail: MailCatcher;
    let dataDir: string;
    let first: ServerProcess;
    let second: ServerProcess;

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      mail = await startMailCatcher();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-outage-'));
      const settings = {
        DATABASE_URL: postgres.url(),
        DATA_DIR: dataDir,
        SECRET: 'outage-secret-that-is-long-enough-0123456789',
        SMTP_URL: mail.url,
      };
      first = await startServerProcess(settings);
      second = await startServerProcess(settings);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      postgres?.destroy();
      await mail?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers a fast, clear 503, stays up, and resumes requests and realtime by itself', async () => {
      const owner = await createRemoteUser(first.url, mail, 'Olga');
      const organizationId = await createOrganizationAs(owner, 'Outage');
      const projectId = await createProject(owner, organizationId, 'Out');
      const taskId = await createTask(owner, projectId);
      const ownerOnSecond = onServer(owner, second.url);
      const watcher = await TestSocket.open(second.url, { cookie: owner.cookie });
      await watcher.subscribe(topics.task(taskId));
      const mark = watcher.mark();

      // Writes under way when PostgreSQL goes: each is either done or answered 503, never 500.
      const burst = Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? owner : ownerOnSecond)
          .api(
            i % 3 === 0 ? `/api/tasks/${taskId}` : `/api/projects/${projectId}/tasks`,
            i % 3 === 0
              ? { method: 'PATCH', body: { title: `Burst ${i}` } }
              : { body: { title: `Burst ${i}` } },
          )
          .then(
            (response) => response.status,
            (error: Error) => `no answer: ${error.cause ?? error}`,
          ),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      postgres.stop();
      const outageStarted = performance.now();
      const burstAnswers = await Promise.all(burst);
      expect(
        burstAnswers.filter((status) => ![200, 201, 503].includes(status as number)),
        `${first.output().slice(-3000)}\n${second.output().slice(-3000)}`,
      ).toEqual([]);
      const slowest: number[] = [];
      for (const [user, server] of [
        [owner, first],
        [ownerOnSecond, second],
      ] as const) {
        const answers = await probeWhileDown(user, { projectId, taskId });
        slowest.push(...answers.map((answer) => answer.elapsedMs));
        for (const answer of answers) {
          expect(answer, `${answer.request}: ${server.output().slice(-3000)}`).toMatchObject({
            status: 503,
            body: {
              statusCode: 503,
              code: 'service_unavailable',
              message: expect.stringMatching(/database/i),
            },
          });
          expect(answer.elapsedMs, answer.request).toBeLessThan(FAIL_FAST_MS);
        }
      }
      // A browser opening its live connection meanwhile is refused the same way.
      expect(await TestSocket.connect(second.url, { cookie: owner.cookie }).refusal()).toBe(503);
      // While the outage lasts the servers keep retrying in the background, and keep answering.
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - outageStarted)));
      const late = await probeWhileDown(owner, { projectId, taskId });
      expect(late.map((answer) => answer.status)).toEqual(late.map(() => 503));
      slowest.push(...late.map((answer) => answer.elapsedMs));
      expect(Math.max(...slowest)).toBeLessThan(FAIL_FAST_MS);
      expect([first.child.exitCode, second.child.exitCode]).toEqual([null, null]);

      postgres.start();
      const restartedAt = performance.now();
      const recoveredInMs = await waitUntil(
        async () =>
          (await owner.api(`/api/tasks/${taskId}`)).ok &&
          (await ownerOnSecond.api(`/api/tasks/${taskId}`)).ok,
        10_000,
        'requests succeed again',
      );
      // The second server's LISTEN connection is back: its clients are told to resync, and a change
      // made through the first server reaches them through NOTIFY.
      await watcher.next((frame) => frame.type === 'resync', mark, 15_000);
      // A server whose bus is still reconnecting publishes nothing to the others (they resync once
      // it is back): wait for the LISTEN connections of both.
      await waitUntil(async () => (await busConnections(postgres.url())) === 2, 15_000, 'both buses listen');
      const realtimeBackInMs = performance.now() - restartedAt;
      const beforeChange = watcher.mark();
      const changed = await owner.api(`/api/tasks/${taskId}`, {
        method: 'PATCH',
        body: { title: 'Back again' },
      });
      expect(changed.status).toBe(200);
      const event = await watcher.next<EventFrame>(eventsOn(topics.task(taskId)), beforeChange, 15_000);
      expect(event.data).toMatchObject({ title: 'Back again' });
      watcher.close();

      expect([first.child.exitCode, second.child.exitCode]).toEqual([null, null]);
      for (const server of [first, second])
        expect(server.output()).not.toMatch(/unhandled|uncaught|"level":60/i);
      console.log(
        `PostgreSQL outage: slowest 503 in ${Math.round(Math.max(...slowest))} ms; after the restart, ` +
          `requests succeeded in ${Math.round(recoveredInMs)} ms and realtime resynced in ${Math.round(realtimeBackInMs)} ms`,
      );
    }, 120_000);
  });
