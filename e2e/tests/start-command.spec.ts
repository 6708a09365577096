import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/figgle-server.ts';

/**
 * `npm start` itself (scripts/start.mjs), as a newcomer runs it: no NODE_ENV, no SMTP, no database
 * URL. The e2e step runs after `npm run build`, so the web app is fresh and is not built again.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The login page must answer this soon after `npm start` (the web app already built). */
const START_BUDGET_MS = 10_000;
/** How long the test waits at most before failing with the output (a start past the budget still fails). */
const START_GIVE_UP_MS = 150_000;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Milliseconds from the spawn to GET /login answering 200 with the app's page. */
  startMs: number;
}

/** Every `npm start` of this file still running; killed with its whole process group after each test. */
const running = new Set<ChildProcess>();

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** `node scripts/start.mjs` in a process group of its own (it starts the server as its child). */
async function npmStart(port: number, dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' };
  for (const name of ['NODE_ENV', 'SMTP_URL', 'DATABASE_URL', 'PUBLIC_URL', 'SECRET', 'FIGGLE_SERVE_WEB']) {
    delete env[name];
  }
  let output = '';
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = exitOf(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited:\n${output}`);
    const answer = await fetch(`${url}/login`).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => null,
    );
    if (answer?.status === 200 && answer.body.includes('<title>Figgle</title>')) break;
    if (Date.now() - spawnedAt > START_GIVE_UP_MS) {
      throw new Error(`npm start did not answer /login within ${START_GIVE_UP_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url, output: () => output, exited, startMs: Date.now() - spawnedAt };
}

/** Ctrl-C's polite sibling: SIGTERM to `npm start` alone, which hands it on to the server. */
async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  const code = await Promise.race([
    started.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
  ]);
  if (code === 'timeout') throw new Error(`npm start did not exit after SIGTERM:\n${started.output()}`);
  return code;
}

function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

test.afterEach(async () => {
  // A failed test must leave neither `npm start` nor the server it started behind.
  for (const child of running) killGroup(child);
  await Promise.all([...running].map(exitOf));
  running.clear();
});

test('npm start serves the login page within 10 s, stops on SIGTERM with 0, and a second start keeps ./data', async ({
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
    // The measure is of a start on a fresh build: `npm run build` runs first (the web sources unchanged since).
    expect(
      first.output(),
      'the web app was built again: are its sources newer than apps/web/dist?',
    ).not.toContain('Building the web app');
    expect(first.output()).toContain(`Figgle is running at ${url} (embedded database in ${dataDir})`);
    // Soft: past the budget the test fails, but still checks the stop and the second start.
    expect.soft(first.startMs, 'ms from `npm start` to the login page').toBeLessThan(START_BUDGET_MS);
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
    const confirmed = await fetch(link!, { redirect: 'manual' });
    expect(confirmed.status).toBeLessThan(400);
    const firstSignIn = await fetch(`${url}/api/auth/sign-in/email`, json({ email, password }));
    expect(firstSignIn.status).toBe(200);
    const cookie = firstSignIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    expect(await stop(first)).toBe(0);
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
    expect(await stop(second)).toBe(0);
  } finally {
    for (const child of running) killGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
