// @database both
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import { FakeFigma } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock/clock.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import type { JobHandler } from '../../src/jobs/job-handler.ts';
import { enqueueJob } from '../../src/jobs/job-queue.ts';
import { createJobWorker, DEFAULT_WORKER_OPTIONS } from '../../src/jobs/worker.ts';
import { createBus } from '../../src/realtime/create-bus.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createRemoteUser } from '../support/remote-user.ts';
import { killLeftoverServers, type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { connectFigma, createProject, eventually, OWNER_TOKEN } from './figma-world.ts';

/** Every job is worked on once, however many workers claim at the same time. */
const kind = testDatabaseKind();
const JOBS = 200;
const COMMENTS_PATH = /^\/v1\/files\/[^/]+\/comments$/;
const silentLog = { warn() {}, error() {} };

describe(`two workers on one database (${kind})`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it(`run each of ${JOBS} jobs once`, async () => {
    const runs = new Map<string, number>();
    const counting: JobHandler = {
      kind: 'test_count',
      async run({ job }) {
        const key = String(job.payload.n);
        runs.set(key, (runs.get(key) ?? 0) + 1);
        // As a Figma call would, the work waits outside any transaction.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    for (let n = 0; n < JOBS; n += 1) {
      await enqueueJob(database.db, {
        kind: 'test_count',
        organizationId: null,
        dedupeKey: `n${n}`,
        payload: { n },
      });
    }
    const bus = createBus(database, silentLog as never);
    const deps = {
      db: database.db,
      env: {} as never,
      bus,
      log: silentLog,
      mailer: {} as never,
      clock: systemClock,
    };
    const options = { ...DEFAULT_WORKER_OPTIONS, handlers: [counting], pollMs: 50, releaseAtStart: false };
    const workers = [createJobWorker(deps, options), createJobWorker(deps, options)];
    for (const worker of workers) worker.start();
    try {
      await eventually(
        async () => {
          const left = await database.db
            .selectFrom('job')
            .select('job_id')
            .where('kind', '=', 'test_count')
            .where('state', '!=', 'done')
            .executeTakeFirst();
          return left === undefined;
        },
        'every job done',
        60_000,
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await bus.close();
    }
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  }, 90_000);
});

if (kind === 'postgres')
  describe('two server processes on one PostgreSQL', () => {
    let mail: MailCatcher;
    let figma: FakeFigma;
    let postgres: DatabaseHandle & { url?: string };
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    let projectId: string;

    const start = async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-jobs-cluster-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url!,
        SECRET: 'jobs-cluster-secret-that-is-long-enough-0123456789',
        SMTP_URL: mail.url,
        FIGMA_API_URL: figma.url,
      });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      mail = await startMailCatcher();
      figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
      postgres = await openTestDatabase();
      const first = await start();
      await start();
      const user = await createRemoteUser(first.url, mail, 'Cleo');
      const organizationId = await createOrganizationAs(user, 'Cluster Studio');
      projectId = await createProject(user, organizationId, 'Checkout', 'CHK');
      await connectFigma({ owner: user, organizationId, projectId });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await killLeftoverServers();
      await postgres?.close();
      await figma?.stop();
      await mail?.stop();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });

    it(`process each of ${JOBS} deliveries once, Figma's retries sent to the other server included`, async () => {
      const commentId = (n: number) => String(9_000_000_000 + n);
      const isTask = (n: number) => n % 2 === 0;
      const deliver = (n: number, server: ServerProcess) =>
        figma.deliverComment({
          commentId: commentId(n),
          text: isTask(n) ? `Cluster task ${n} #task` : `Cluster comment ${n}`,
          nodeId: '12:345',
          endpoint: `${server.url}/api/figma/webhook`,
        });
      const lanes = 20;
      const answers: number[] = [];
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          for (let n = lane; n < JOBS; n += lanes) {
            answers.push((await deliver(n, servers[n % 2]!)).status);
            // One in five is sent again to the other server, as Figma retrying would land there.
            if (n % 5 === 0) answers.push((await deliver(n, servers[(n + 1) % 2]!)).status);
          }
        }),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      expect(answers).toHaveLength(JOBS + JOBS / 5);

      await eventually(
        async () => {
          const done = await postgres.db
            .selectFrom('job')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('kind', '=', 'figma_delivery')
            .where('state', '=', 'done')
            .executeTakeFirstOrThrow();
          return Number(done.n) === JOBS;
        },
        'every delivery processed',
        90_000,
      );
      const count = async (table: 'figma_event') =>
        Number(
          (
            await postgres.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // One delivery job per comment (the links its tasks made queue jobs of other kinds).
      const deliveries = await postgres.db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'figma_delivery')
        .executeTakeFirstOrThrow();
      expect(Number(deliveries.n)).toBe(JOBS);
      expect(await count('figma_event')).toBe(JOBS);
      const tasks = await postgres.db
        .selectFrom('task')
        .select(['title', 'figma_client_meta'])
        .where('project_id', '=', projectId)
        .execute();
      expect(tasks).toHaveLength(JOBS / 2);
      expect(new Set(tasks.map((task) => task.title)).size).toBe(JOBS / 2);
      expect(tasks.every((task) => task.figma_client_meta?.node_id === '12:345')).toBe(true);
      // One read of Figma's comments per #task comment: no delivery was worked on twice.
      expect(figma.requests('GET', COMMENTS_PATH)).toHaveLength(JOBS / 2);
      for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
    }, 150_000);
  });
