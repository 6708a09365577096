// @database both
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { eventually } from '../figma/figma-world.ts';
import { addMember, createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject } from '../realtime/realtime-world.ts';
import { type CrashPlace, openCrashPlace } from '../support/crash-place.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import { killLeftoverServers, type ServerProcess, startServerProcess } from '../support/server-process.ts';
import {
  createTask,
  type EmailWorld,
  jobsOf,
  notificationEmailsTo,
  patchTask,
  quietFor,
  startEmailWorld,
  stopEmailWorld,
} from './notification-emails-world.ts';
import { queueSettled } from './queue-settled.ts';

/**
 * Notification emails are durable jobs (docs/decisions/0001-durable-jobs.md): a mail server that is
 * down delays them, a SIGKILL does not lose or double them, and two servers send each once.
 */
const kind = testDatabaseKind();
const EMAILS = 100;
const LONG_MS = 240_000;

describe('a mail server that is down', () => {
  let world: EmailWorld;
  beforeAll(async () => {
    world = await startEmailWorld();
  }, 60_000);
  afterAll(async () => stopEmailWorld(world));

  it('delays the email: tried again with backoff, sent once when the server is back', async () => {
    const { owner, member, mail, clock } = world;
    const taskId = await createTask(owner, world.projectId, 'Sent after the outage');
    const port = mail.port;
    await mail.stop();
    await patchTask(owner, taskId, { assignee_id: member.userId });

    const [failed] = await eventually(async () => {
      const jobs = (await jobsOf(world, 'notification_email')).filter(
        (job) => job.state === 'pending' && job.attempts >= 1,
      );
      return jobs.length > 0 ? jobs : null;
    }, 'a failed try');
    expect(failed!.last_error).toBe('The mail server could not be reached.');
    // The next try waits its backoff (2 s, then 4 s…), later than now.
    expect(failed!.run_at.getTime()).toBeGreaterThan(Date.now() - 1_000);

    await mail.start(port);
    clock.advance(10_000);
    const email = await mail.waitFor(member.email, /assigned you .*Sent after the outage/, 15_000);
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await queueSettled(world.server, 1_500);
    expect(notificationEmailsTo(mail, member)).toHaveLength(1);
    const [done] = await jobsOf(world, 'notification_email');
    expect(done).toMatchObject({ state: 'done', last_error: null });
    expect(done!.attempts).toBeGreaterThanOrEqual(2);
  });
});

/** The owner assigns tasks `from`…`to - 1` to the member: one email job each. */
async function assignMany(owner: TestUser, member: TestUser, projectId: string, from: number, to: number) {
  const lanes = 4;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let n = from + lane; n < to; n += lanes) {
        const taskId = await createTask(owner, projectId, `Queued ${n}`);
        await patchTask(owner, taskId, { assignee_id: member.userId });
      }
    }),
  );
}

/** Each of `count` emails arrived exactly once. */
async function expectEachOnce(mail: MailCatcher, member: TestUser, count: number) {
  const arrived = () => mail.to(member.email, /assigned you .*Queued \d+$/);
  await eventually(async () => arrived().length >= count, `${count} emails`, 90_000);
  await quietFor(3_000);
  const subjects = arrived().map((m) => m.subject);
  expect(subjects).toHaveLength(count);
  expect(new Set(subjects).size).toBe(count);
}

describe(`SIGKILL with ${EMAILS} notification emails queued (${kind})`, () => {
  let mail: MailCatcher;
  let place: CrashPlace;
  let server: ServerProcess;

  const start = () =>
    place.start({
      SECRET: 'email-kill-secret-that-is-long-enough-0123456789',
      SMTP_URL: mail.url,
    });

  beforeAll(async () => {
    mail = await startMailCatcher();
    place = await openCrashPlace(kind, 'email-kill');
    server = await start();
  }, LONG_MS);

  afterAll(async () => {
    await place?.close();
    await mail?.stop();
  });

  it(
    'sends each exactly once after the restart, those in flight at the kill included',
    async () => {
      const owner = await createRemoteUser(server.url, mail, 'Kai');
      const member = await createRemoteUser(server.url, mail, 'Mo');
      const organizationId = await createOrganizationAs(owner, 'Kill Studio');
      await addMember(owner, organizationId, member, mail);
      const projectId = await createProject(owner, organizationId, 'Crash');

      // The mail server holds every sender after MAIL FROM: the worker's first emails are in
      // flight, the rest wait in the queue, when the process dies.
      const release = mail.hold();
      await assignMany(owner, member, projectId, 0, EMAILS);
      await quietFor(1_000);
      server.child.kill('SIGKILL');
      await server.exited;
      release();
      expect(notificationEmailsTo(mail, member)).toHaveLength(0);

      server = await start();
      await expectEachOnce(mail, member, EMAILS);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    },
    LONG_MS,
  );
});

if (kind === 'postgres')
  describe(`two servers on one PostgreSQL send each of ${EMAILS} emails once`, () => {
    let mail: MailCatcher;
    let postgres: DatabaseHandle & { url?: string };
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];

    const start = async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-email-cluster-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url!,
        SECRET: 'email-cluster-secret-that-is-long-enough-0123456789',
        SMTP_URL: mail.url,
      });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      mail = await startMailCatcher();
      postgres = await openTestDatabase();
      await start();
      await start();
    }, LONG_MS);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await killLeftoverServers();
      await postgres?.close();
      await mail?.stop();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'both claim from the same queue (SKIP LOCKED), and each email arrives once',
      async () => {
        const [first, second] = servers;
        const owner = await createRemoteUser(first!.url, mail, 'Cy');
        const member = await createRemoteUser(first!.url, mail, 'Di');
        const organizationId = await createOrganizationAs(owner, 'Cluster Studio');
        await addMember(owner, organizationId, member, mail);
        const projectId = await createProject(owner, organizationId, 'Cluster');
        // Half the changes through each server; the emails wait until both workers see them all.
        const release = mail.hold();
        await Promise.all([
          assignMany(owner, member, projectId, 0, EMAILS / 2),
          assignMany(onServer(owner, second!.url), member, projectId, EMAILS / 2, EMAILS),
        ]);
        release();
        await expectEachOnce(mail, member, EMAILS);
        const jobs = await postgres.db
          .selectFrom('job')
          .select(['state', 'attempts'])
          .where('kind', '=', 'notification_email')
          .execute();
        expect(jobs).toHaveLength(EMAILS);
        // Claimed once each: no job was taken by both servers.
        expect(jobs.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
        for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
      },
      LONG_MS,
    );
  });
