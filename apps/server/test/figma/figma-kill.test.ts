// @database both

import { testDatabaseKind } from '@figgle/test-support/database-template';
import { FakeFigma, SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestUser } from '@figgle/test-support/users';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { type CrashPlace, openCrashPlace } from '../support/crash-place.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { connectFigma, createProject, eventually, OWNER_TOKEN } from './figma-world.ts';

/**
 * What Figgle answered Figma for, or promised to send back to it, outlives a SIGKILL of the server
 * process (main.ts, as `npm start` runs it), on the database of this run: the job is in the database,
 * and the next start (or, on PostgreSQL, the lease running out) picks it up.
 */
const kind = testDatabaseKind();
const COMMENTS_PATH = /^\/v1\/files\/[^/]+\/comments$/;
/** Two starts, a lease to run out on PostgreSQL, a busy machine. */
const KILL_TEST_MS = 120_000;

describe(`SIGKILL while Figma work is in flight (${kind})`, () => {
  let mail: MailCatcher;
  let figma: FakeFigma;
  let place: CrashPlace;
  let user: TestUser;
  let projectId: string;
  let server: ServerProcess;

  const start = () =>
    place.start({
      SECRET: 'figma-kill-secret-that-is-long-enough-0123456789',
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
    });

  /** SIGKILL, `meanwhile`, then a new process on the same data; the user's session speaks to it. */
  async function killAndRestart(meanwhile: () => unknown = () => {}): Promise<void> {
    server.child.kill('SIGKILL');
    await server.exited;
    await meanwhile();
    server = await start();
    user = onServer(user, server.url);
  }

  /** Reads the database: PostgreSQL at once; the embedded one only once its process has stopped. */
  async function inspect<T>(read: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    if (place.postgres) return read(place.postgres);
    await server.stop();
    const database = await openDatabase({ dataDir: place.dataDir });
    try {
      return await read(database);
    } finally {
      await database.close();
      server = await start();
      user = onServer(user, server.url);
    }
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
    place = await openCrashPlace(kind, 'figma-kill');
    server = await start();
    user = await createRemoteUser(server.url, mail, 'Kim');
    const organizationId = await createOrganizationAs(user, 'Crash Studio');
    projectId = await createProject(user, organizationId, 'Checkout', 'CHK');
    await connectFigma({ owner: user, organizationId, projectId });
    const replies = await user.api(`/api/organizations/${organizationId}/figma-reply-on-done`, {
      method: 'PUT',
      body: { enabled: true },
    });
    expect(replies.status).toBe(200);
  }, KILL_TEST_MS);

  afterAll(async () => {
    await place?.close();
    await figma?.stop();
    await mail?.stop();
  });

  const tasksTitled = async (title: string) => {
    const response = await user.api(`/api/projects/${projectId}/tasks`);
    const tasks = (await response.json()) as Array<{ task_id: string; title: string }>;
    return tasks.filter((task) => task.title === title);
  };

  it(
    'makes the task of a #task delivery answered just before the kill, while Figma had not answered',
    async () => {
      const release = figma.stall('GET', COMMENTS_PATH);
      const calledBefore = figma.requests('GET', COMMENTS_PATH).length;
      const answer = await figma.deliverTaskComment({
        commentId: '8000000001',
        fragments: [{ text: 'Survives a crash #task' }],
        endpoint: `${server.url}/api/figma/webhook`,
      });
      expect(answer.status).toBe(200);
      // The worker is waiting for Figma when the process dies.
      await eventually(
        async () => figma.requests('GET', COMMENTS_PATH).length > calledBefore,
        'the call to Figma',
      );
      await killAndRestart(release);

      const [task] = await eventually(
        async () => {
          const found = await tasksTitled('Survives a crash');
          return found.length > 0 ? found : null;
        },
        'the task after the restart',
        45_000,
      );
      expect(task).toBeDefined();
      expect(await tasksTitled('Survives a crash')).toHaveLength(1);
    },
    KILL_TEST_MS,
  );

  it(
    'sends a done reply that was on its way to Figma at the kill exactly once after the restart',
    async () => {
      const [task] = await tasksTitled('Survives a crash');
      const release = figma.stall('POST', COMMENTS_PATH);
      const done = await user.api(`/api/tasks/${task!.task_id}`, {
        method: 'PATCH',
        body: { status: 'DONE' },
      });
      expect(done.status).toBe(200);
      await eventually(async () => figma.requests('POST', COMMENTS_PATH).length > 0, 'the reply on its way');
      const killedAt = Date.now();
      // Figma carries out the post it had received; its answer goes to a dead process.
      await killAndRestart(async () => {
        release();
        await eventually(async () => figma.repliesIn(SAMPLE_FILE_KEY, '8000000001').length === 1, 'the post');
      });

      // The next try reads the thread, finds the reply and posts nothing.
      await eventually(
        async () =>
          figma.received.some((r) => r.method === 'GET' && r.at > killedAt && COMMENTS_PATH.test(r.path)),
        'the thread read again',
        45_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const job = await inspect((database) =>
        database.db
          .selectFrom('job')
          .select(['state', 'attempts'])
          .where('kind', '=', 'figma_reply')
          .executeTakeFirst(),
      );
      expect(job).toEqual({ state: 'done', attempts: 2 });
      expect(figma.repliesIn(SAMPLE_FILE_KEY, '8000000001')).toHaveLength(1);
      expect(figma.requests('POST', COMMENTS_PATH)).toHaveLength(1);
    },
    KILL_TEST_MS,
  );

  it(
    'sends a done reply that was waiting to be tried again at the kill exactly once after the restart',
    async () => {
      const answer = await figma.deliverTaskComment({
        commentId: '8000000002',
        fragments: [{ text: 'Waiting reply #task' }],
        endpoint: `${server.url}/api/figma/webhook`,
      });
      expect(answer.status).toBe(200);
      const [task] = await eventually(async () => {
        const found = await tasksTitled('Waiting reply');
        return found.length > 0 ? found : null;
      }, 'the second task');
      const postsBefore = figma.requests('POST', COMMENTS_PATH).length;
      figma.failNext(1, 503, COMMENTS_PATH);
      await user.api(`/api/tasks/${task!.task_id}`, { method: 'PATCH', body: { status: 'DONE' } });
      // Figma failed the first try: the reply waits a couple of seconds for the next one.
      await eventually(
        async () => figma.requests('POST', COMMENTS_PATH).length > postsBefore,
        'the first, failed try',
      );
      expect(figma.repliesIn(SAMPLE_FILE_KEY, '8000000002')).toHaveLength(0);
      await killAndRestart();

      await eventually(
        async () => figma.repliesIn(SAMPLE_FILE_KEY, '8000000002').length > 0,
        'the reply after the restart',
        45_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(figma.repliesIn(SAMPLE_FILE_KEY, '8000000002')).toHaveLength(1);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    },
    KILL_TEST_MS,
  );
});
