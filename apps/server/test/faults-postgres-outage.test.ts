import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailCatcher } from '../../../e2e/support/mail-catcher.ts';
import { createOrganizationAs } from './organizations-world.ts';
import { eventsOn, TestSocket } from './realtime-socket.ts';
import { createProject, createTask } from './realtime-world.ts';
import { probeWhileDown, waitUntil } from './support/outage-probe.ts';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';
import { createRemoteUser, onServer } from './support/remote-user.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { startMailCatcher } from './users.ts';

/** Well under the 5 s people wait before they give up on a page. */
const FAIL_FAST_MS = 2_000;
const OUTAGE_MS = 4_000;

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

    postgres.stop();
    const outageStarted = performance.now();
    for (const user of [owner, ownerOnSecond]) {
      for (const answer of await probeWhileDown(user, { projectId, taskId })) {
        expect(answer, `${answer.request}: ${first.output().slice(-3000)}`).toMatchObject({
          status: 503,
          body: { statusCode: 503, code: 'service_unavailable', message: expect.stringMatching(/database/i) },
        });
        expect(answer.elapsedMs, answer.request).toBeLessThan(FAIL_FAST_MS);
      }
    }
    // While the outage lasts the servers keep retrying in the background, and keep answering.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - outageStarted)));
    const late = await probeWhileDown(owner, { projectId, taskId });
    expect(late.map((answer) => answer.status)).toEqual(late.map(() => 503));
    expect(Math.max(...late.map((answer) => answer.elapsedMs))).toBeLessThan(FAIL_FAST_MS);
    expect([first.child.exitCode, second.child.exitCode]).toEqual([null, null]);

    postgres.start();
    const recoveredInMs = await waitUntil(
      async () =>
        (await owner.api(`/api/tasks/${taskId}`)).ok && (await ownerOnSecond.api(`/api/tasks/${taskId}`)).ok,
      10_000,
      'requests succeed again',
    );
    // The second server's LISTEN connection is back: its clients are told to resync, and a change
    // made through the first server reaches them through NOTIFY.
    await watcher.next((frame) => frame.type === 'resync', mark, 15_000);
    const changed = await owner.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { title: 'Back again' },
    });
    expect(changed.status).toBe(200);
    const event = await watcher.next<EventFrame>(eventsOn(topics.task(taskId)), mark, 15_000);
    expect(event.data).toMatchObject({ title: 'Back again' });
    watcher.close();

    expect([first.child.exitCode, second.child.exitCode]).toEqual([null, null]);
    for (const server of [first, second])
      expect(server.output()).not.toMatch(/unhandled|uncaught|"level":60/i);
    console.log(
      `PostgreSQL outage: requests succeeded again ${Math.round(recoveredInMs)} ms after the restart`,
    );
  }, 120_000);
});
