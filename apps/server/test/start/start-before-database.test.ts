// @database pglite
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@figgle/test-support/test-server';
import { afterEach, expect, it } from 'vitest';
import { serverCommand } from '../../../../scripts/server-run.mjs';

/**
 * The server process as `npm start` runs it (the bundle), on a database that never answers: a
 * PostgreSQL address whose listener accepts connections and says nothing. The login page is answered
 * while the database is still being waited for; the API waits for the database, and when the start
 * fails it is answered 503 with Retry-After, and the process exits saying why in one line.
 * Needs the built web app (apps/web/dist), as `npm install` and the browser tests make it.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function silentDatabase(): Promise<number> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return (server.address() as net.AddressInfo).port;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string }> {
  const { command, args, env: serverEnv } = await serverCommand();
  const child = spawn(command, args, {
    env: { ...process.env, ...serverEnv, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

it('answers the login page before the database, holds the API, and answers it 503 when the start fails', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-start-before-db-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: `postgresql://figgle:figgle@127.0.0.1:${await silentDatabase()}/figgle`,
  });
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));

  let login: Response | undefined;
  const giveUpAt = Date.now() + 60_000;
  while (!login && server.child.exitCode === null && Date.now() < giveUpAt) {
    login = await fetch(`${url}/login`).catch(() => undefined);
    if (!login) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(login?.status, server.output()).toBe(200);
  expect(await login?.text()).toContain('<title>Figgle</title>');

  // The API waits for the database: no answer yet, and the start has not failed yet either.
  let health: Response | undefined;
  const asked = fetch(`${url}/healthz`).then((response) => {
    health = response;
    return response;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (server.child.exitCode === null) expect(health).toBeUndefined();

  // The database never answers: the connection times out, the start fails.
  const answered = await asked;
  expect(answered.status).toBe(503);
  expect(answered.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(((await answered.json()) as { code: string }).code).toBe('service_unavailable');
  expect(await exited).toBe(1);
  const lines = server.output().trim().split('\n');
  expect(lines.filter((line) => line.startsWith('Figgle could not start: '))).toHaveLength(1);
  expect(server.output()).not.toContain('Figgle is ready');
}, 120_000);
