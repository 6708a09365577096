// @database both
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLOSE_CODES,
  type EventFrame,
  type PresenceStateFrame,
  topics,
} from '@figgle/shared/realtime-protocol';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { freePort, type TestServer } from '@figgle/test-support/test-server';
import {
  apiAs,
  cookieHeaderFrom,
  createUser,
  startMailCatcher,
  type TestUser,
} from '@figgle/test-support/users';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { createBus } from '../../src/realtime/create-bus.ts';
import { BUS_APPLICATION_NAME } from '../../src/realtime/postgres-bus.ts';
import { addMember, createOrganizationAs } from '../organizations/organizations-world.ts';
import { closedWithin, eventsOn, TestSocket } from './realtime-socket.ts';
import { createProject, createTask } from './realtime-world.ts';

const mainFile = path.resolve(fileURLToPath(import.meta.url), '../../../src/main.ts');
const SECRET = 'cluster-secret-that-is-long-enough-0123456789';

interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** A real `main.ts` process on the shared PostgreSQL database. */
async function startProcess(databaseUrl: string, smtpUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-cluster-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      SECRET,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      FIGGLE_SERVE_WEB: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (testDatabaseKind() === 'postgres') {
  describe('two server processes on one PostgreSQL', () => {
    let mail: MailCatcher;
    let database: DatabaseHandle & { url?: string };
    let first: ServerProcess;
    let second: ServerProcess;
    let owner: TestUser;
    let member: TestUser;
    let organizationId: string;
    let projectId: string;
    let taskId: string;
    /** The member's session, speaking to the second server. */
    let memberOnSecond: TestUser['api'];

    beforeAll(async () => {
      mail = await startMailCatcher();
      database = await openTestDatabase();
      first = await startProcess(database.url!, mail.url);
      second = await startProcess(database.url!, mail.url);
      const viaFirst = { url: first.url, deps: { db: database.db } } as unknown as TestServer;
      owner = await createUser(viaFirst, mail, { firstname: 'Olive', lastname: 'Owner' });
      member = await createUser(viaFirst, mail, { firstname: 'Mia', lastname: 'Member' });
      organizationId = await createOrganizationAs(owner, 'Acme');
      await addMember(owner, organizationId, member, mail);
      projectId = await createProject(owner, organizationId, 'Website');
      taskId = await createTask(owner, projectId);
      memberOnSecond = apiAs({ url: second.url } as TestServer, member.cookie);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.close();
      await mail?.stop();
    });

    it('delivers a change made through server 1 to a websocket client of server 2', async () => {
      const onSecond = await TestSocket.open(second.url, { cookie: member.cookie });
      await onSecond.subscribe(topics.tasks(projectId));
      const mark = onSecond.mark();
      const changed = await owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } });
      expect(changed.status).toBe(200);
      const event = await onSecond.next<EventFrame>(eventsOn(topics.tasks(projectId)), mark);
      expect(event).toMatchObject({ kind: 'task', action: 'updated', id: taskId, actorId: owner.userId });
      const list = (await (await memberOnSecond(`/api/projects/${projectId}/tasks`)).json()) as unknown[];
      expect(event.data).toEqual(list[0]);
      onSecond.close();
    });

    it('shares presence across the servers and forgets it when the socket closes', async () => {
      const watcher = await TestSocket.open(second.url, { cookie: owner.cookie });
      await watcher.subscribe(topics.presence);
      const viewer = await TestSocket.open(first.url, { cookie: member.cookie });
      const route = `/task/${taskId}`;
      let mark = watcher.mark();
      viewer.send({ type: 'presence', route });
      const seen = await watcher.next<PresenceStateFrame>(
        (f) => f.type === 'presence' && f.organizationId === organizationId && f.members.length === 1,
        mark,
      );
      expect(seen.members).toEqual([{ userId: member.userId, firstname: 'Mia', lastname: 'Member', route }]);
      mark = watcher.mark();
      viewer.close();
      await watcher.next(
        (f) => f.type === 'presence' && f.organizationId === organizationId && f.members.length === 0,
        mark,
      );
      watcher.close();
    });

    it('recovers when the LISTEN connections drop: clients are told to resync and events flow again', async () => {
      const onSecond = await TestSocket.open(second.url, { cookie: member.cookie });
      await onSecond.subscribe(topics.task(taskId));
      // The writer's server must be listening again too: a change it publishes before its own
      // connection is back reaches the other server as a resync, not as the event.
      const onFirst = await TestSocket.open(first.url, { cookie: owner.cookie });
      await onFirst.subscribe(topics.task(taskId));
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const mark = onSecond.mark();
      const markFirst = onFirst.mark();
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [BUS_APPLICATION_NAME],
      );
      await admin.end();
      expect(killed.rowCount).toBe(2);
      await onSecond.next((f) => f.type === 'resync', mark, 10_000);
      await onFirst.next((f) => f.type === 'resync', markFirst, 10_000);
      onFirst.close();
      const changed = await owner.api(`/api/tasks/${taskId}`, {
        method: 'PATCH',
        body: { title: 'After the outage' },
      });
      expect(changed.status).toBe(200);
      const event = await onSecond.next<EventFrame>(eventsOn(topics.task(taskId)), mark, 10_000);
      expect(event.data).toMatchObject({ title: 'After the outage' });
      onSecond.close();
    });

    it('closes a removed member’s subscriptions on the other server at once', async () => {
      const onSecond = await TestSocket.open(second.url, { cookie: member.cookie });
      await onSecond.subscribe(topics.tasks(projectId));
      const rule = await database.db
        .selectFrom('rule')
        .select('rule_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', member.userId)
        .executeTakeFirstOrThrow();
      const mark = onSecond.mark();
      const removed = await owner.api(`/api/organizations/${organizationId}/members/${rule.rule_id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(204);
      await expect(
        onSecond.next((f) => f.type === 'error' && f.topic === topics.tasks(projectId), mark),
      ).resolves.toMatchObject({ code: 'forbidden' });
      onSecond.close();
    });

    it('a member removed while the other server could not LISTEN loses the topics once it hears again', async () => {
      const viaFirst = { url: first.url, deps: { db: database.db } } as unknown as TestServer;
      const rita = await createUser(viaFirst, mail, { firstname: 'Rita', lastname: 'Removed' });
      await addMember(owner, organizationId, rita, mail);
      const onSecond = await TestSocket.open(second.url, { cookie: rita.cookie });
      await onSecond.subscribe(topics.tasks(projectId));
      const rule = await database.db
        .selectFrom('rule')
        .select('rule_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', rita.userId)
        .executeTakeFirstOrThrow();
      const mark = onSecond.mark();
      // Both servers lose their LISTEN connection; each waits 1 s before it listens again, and
      // the removal made through server 1 meanwhile reaches server 2 as no event at all.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [BUS_APPLICATION_NAME],
      );
      await admin.end();
      const removed = await owner.api(`/api/organizations/${organizationId}/members/${rule.rule_id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(204);
      await onSecond.next((f) => f.type === 'resync', mark, 10_000);
      await expect(
        onSecond.next((f) => f.type === 'error' && f.topic === topics.tasks(projectId), mark, 10_000),
      ).resolves.toMatchObject({ code: 'forbidden' });
      // And the organization's changes no longer reach the socket.
      const after = onSecond.mark();
      await createTask(owner, projectId, 'Made after the removal');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(onSecond.since(after, (f) => f.type === 'event' || f.type === 'events')).toEqual([]);
      onSecond.close();
    });

    describe('a session that ends elsewhere is refused by a server that remembered it', () => {
      /** Asks server 2 until it refuses the cookie; how long that took. */
      const refusedBySecondWithin = async (cookie: string, limitMs: number) => {
        const started = Date.now();
        while ((await apiAs({ url: second.url } as TestServer, cookie)('/api/me')).status !== 401) {
          if (Date.now() - started > limitMs) throw new Error(`server 2 still answers after ${limitMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Date.now() - started;
      };
      const rememberedBySecond = async (user: TestUser) => {
        for (let i = 0; i < 2; i++)
          expect((await apiAs({ url: second.url } as TestServer, user.cookie)('/api/me')).status).toBe(200);
      };

      it('signed out through server 1', async () => {
        const user = await createUser(
          { url: first.url, deps: { db: database.db } } as unknown as TestServer,
          mail,
        );
        await rememberedBySecond(user);
        const onFirst = apiAs({ url: first.url } as TestServer, user.cookie);
        expect((await onFirst('/api/auth/sign-out', { body: {} })).status).toBe(200);
        // Server 1 refuses it at once (it forgot before its own write); server 2 once the notice
        // of that commit reached it, in milliseconds.
        expect((await onFirst('/api/me')).status).toBe(401);
        expect(await refusedBySecondWithin(user.cookie, 1000)).toBeLessThan(1000);
      });

      it('deleted by hand, from another connection to the database', async () => {
        const user = await createUser(
          { url: first.url, deps: { db: database.db } } as unknown as TestServer,
          mail,
        );
        await rememberedBySecond(user);
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        await admin.query(
          'DELETE FROM auth_session WHERE "userId" = (SELECT id FROM auth_user WHERE email = $1)',
          [user.email],
        );
        await admin.end();
        expect(await refusedBySecondWithin(user.cookie, 1000)).toBeLessThan(1000);
      });
    });

    describe('a session that ends through server 1 closes its sockets on server 2 within 1 s', () => {
      const onFirst = (cookie: string) => apiAs({ url: first.url } as TestServer, cookie);
      const newUser = () =>
        createUser({ url: first.url, deps: { db: database.db } } as unknown as TestServer, mail);
      const signInAgain = async (user: TestUser) =>
        cookieHeaderFrom(
          await onFirst('')('/api/auth/sign-in/email', {
            body: { email: user.email, password: user.password },
          }),
        );
      const socketOnSecond = async (cookie: string) => {
        const socket = await TestSocket.open(second.url, { cookie });
        await socket.subscribe(topics.inbox);
        return socket;
      };

      it('on sign-out', async () => {
        const user = await newUser();
        const socket = await socketOnSecond(user.cookie);
        expect((await onFirst(user.cookie)('/api/auth/sign-out', { body: {} })).status).toBe(200);
        expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_CODES.signedOut);
      });

      it('on a password change (another device of the account)', async () => {
        const user = await newUser();
        const socket = await socketOnSecond(await signInAgain(user));
        const body = { currentPassword: user.password, newPassword: 'cluster-new' };
        expect((await onFirst(user.cookie)('/api/me/password', { body })).status).toBe(204);
        expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_CODES.signedOut);
      });

      it('on a password reset', async () => {
        const user = await newUser();
        const socket = await socketOnSecond(user.cookie);
        const asked = await onFirst('')('/api/auth/request-password-reset', { body: { email: user.email } });
        expect(asked.status).toBe(200);
        const link = MailCatcher.linkIn(await mail.waitFor(user.email, /reset/i), first.url);
        const token = link.match(/reset-password\/([^?]+)/)![1]!;
        const reset = await onFirst('')('/api/auth/reset-password', {
          body: { token, newPassword: 'cluster-reset' },
        });
        expect(reset.status).toBe(200);
        expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_CODES.signedOut);
      });

      it('on revoking the session', async () => {
        const user = await newUser();
        const otherDevice = await signInAgain(user);
        const socket = await socketOnSecond(otherDevice);
        const token = decodeURIComponent(otherDevice.split('figgle.session_token=')[1]!.split(';')[0]!).split(
          '.',
        )[0];
        expect((await onFirst(user.cookie)('/api/auth/revoke-session', { body: { token } })).status).toBe(
          200,
        );
        expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_CODES.signedOut);
      });
    });
  });
} else {
  describe('the embedded database', () => {
    it('keeps the bus in the process (one process owns its data directory) and delivers at once', async () => {
      const database = await openTestDatabase();
      const warnings: unknown[] = [];
      const log = {
        info: () => {},
        warn: (o: object) => warnings.push(o),
        error: (o: object) => warnings.push(o),
      };
      const bus = createBus(database, log);
      const heard: string[] = [];
      bus.subscribe((event) => heard.push(event.id));
      await bus.publish({ kind: 'task', action: 'updated', id: 'one', organizationId: 'org' });
      expect(heard).toEqual(['one']);
      expect(warnings).toEqual([]);
      expect(database.connectionString).toBeUndefined();
      await bus.close();
      await database.close();
    });
  });
}
