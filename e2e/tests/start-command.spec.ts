import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@figgle/test-support/figgle-server';
import { cookieHeaderFrom } from '@figgle/test-support/users';
import { expect, test } from '@playwright/test';
import { npmStart, type Started, stopAllNpmStarts, stopNpmStart } from '../support/npm-start.ts';

// `npm start` as a newcomer runs it. The e2e step runs after the web app was built (by `npm install`
// or by `npm run test:e2e`, when its sources changed since), so it is fresh and is not built again.
// How fast it answers is a figure of bench/start.ts, not a timed test.

test.afterEach(stopAllNpmStarts);

const READY_LINE = 'Figgle is ready: the database is open and up to date.';

/**
 * Resolves when the server prints that its database is open. On an empty data directory the embedded
 * database is created first (initdb and every migration, in the server's only thread), and the page's
 * scripts, answered early by the same process, wait behind that work: on a busy machine longer than
 * an expect's timeout. The server's own line is the event to wait for, not a longer timeout.
 */
function databaseReady(started: Started): Promise<void> {
  return new Promise((resolve, reject) => {
    const stdout = started.child.stdout;
    const onExit = () => {
      stdout?.off('data', onData);
      reject(new Error(`npm start exited before the database was open:\n${started.output()}`));
    };
    const onData = () => {
      // npm-start.ts's own listener, added first, has already put this chunk in output().
      if (!started.output().includes(READY_LINE)) return;
      stdout?.off('data', onData);
      started.child.off('exit', onExit);
      resolve();
    };
    stdout?.on('data', onData);
    started.child.once('exit', onExit);
    onData();
  });
}

test('npm start serves the login page, stops on SIGTERM with 0, and a second start keeps ./data', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-npm-start-'));
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const email = `npm-start-${Date.now().toString(36)}@example.test`;
    const password = 'npm-start-pw-123';
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    // First start, on an empty data directory.
    const first = await npmStart(port, dataDir);
    console.log(`npm start answered GET /login in ${first.startMs} ms (empty data directory)`);
    // The measure is of a start on a fresh build: `npm run test:e2e` builds first when the sources changed.
    expect(
      first.output(),
      'the web app was built again: are its sources newer than apps/web/dist?',
    ).not.toContain('Building the web app');
    expect(first.output()).toContain(`Figgle is running at ${url} (embedded database in ${dataDir})`);
    await databaseReady(first);
    await page.goto(`${url}/login`);
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();

    // Sign up; with no SMTP the confirmation is on /dev/mailbox; its link confirms the account.
    const signUp = await fetch(
      `${url}/api/auth/sign-up/email`,
      json({ email, password, name: 'Sam Start', firstname: 'Sam', lastname: 'Start' }),
    );
    expect(signUp.status).toBe(200);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mailbox = await (await fetch(`${url}/dev/mailbox`)).text();
        const href = new RegExp(`href="(${url}/api/auth/verify-email\\?[^"]+)"`).exec(mailbox)?.[1];
        link = href?.replace(/&amp;/g, '&');
        return mailbox.includes(email) && link !== undefined;
      })
      .toBe(true);
    // Opened as the browser that signed up would: its sign-up cookie keeps the chosen password
    // (docs/decisions/0016-proof-of-address.md).
    const confirmed = await fetch(link!, {
      redirect: 'manual',
      headers: { cookie: cookieHeaderFrom(signUp) },
    });
    expect(confirmed.status).toBeLessThan(400);
    const firstSignIn = await fetch(`${url}/api/auth/sign-in/email`, json({ email, password }));
    expect(firstSignIn.status).toBe(200);
    const cookie = cookieHeaderFrom(firstSignIn);

    expect(await stopNpmStart(first)).toBe(0);
    expect(first.output()).not.toMatch(/Shutdown (failed|took too long)/);
    // The server went with it: nothing answers on the port any more.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'secret'))).toBe(true);

    // Second start on the same data directory: the account and the session are still there.
    const second = await npmStart(port, dataDir);
    console.log(`npm start answered GET /login in ${second.startMs} ms (second start, same data)`);
    expect(second.output()).toContain(`Figgle is running at ${url}`);
    const me = await fetch(`${url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    const secondSignIn = await fetch(`${url}/api/auth/sign-in/email`, json({ email, password }));
    expect(secondSignIn.status).toBe(200);
    expect(await stopNpmStart(second)).toBe(0);
  } finally {
    await stopAllNpmStarts();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
