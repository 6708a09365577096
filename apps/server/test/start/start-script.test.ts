// @database pglite
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@figgle/test-support/test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/repo-root.ts';

/**
 * `npm start` (scripts/start.mjs) with its real server child, API only (FIGGLE_SERVE_WEB=0: the web
 * app is neither built nor served, so this test never rebuilds apps/web/dist under a browser test).
 */
interface Start {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function npmStart(settings: Record<string, string>): Start {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', FIGGLE_SERVE_WEB: '0', ...settings };
  for (const name of ['NODE_ENV', 'SMTP_URL', 'DATABASE_URL', 'PUBLIC_URL', 'SECRET', 'VITEST', 'TEST_DB'])
    if (!(name in settings)) delete env[name];
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, what: string, output: () => string): Promise<void> {
  const giveUpAt = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server process npm start runs (esbuild's service is a child too). */
function serverPid(start: Start): number {
  const pid = start.child.pid!;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  const servers = children.filter((child) =>
    readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('apps/server/dist/main.mjs'),
  );
  expect(servers).toHaveLength(1);
  return Number(servers[0]);
}

function dataDirectory(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'figgle-start-'));
  folders.push(parent);
  return path.join(parent, 'data');
}

describe('npm start', () => {
  it('says in one line why it stopped when the server is killed, and keeps its data directory private', async () => {
    const dataDir = dataDirectory();
    const start = npmStart({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await until(() => start.output().includes('Figgle is ready'), 'the start', start.output);

    // Nobody but the server's account can reach what it wrote: the data directory is 0700, no folder
    // in it opens to group or world (PGlite makes its own files 0666, whatever the umask), the secret is 0600.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const folders = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(folders).toContain(path.join(dataDir, 'pglite'));
    expect(folders.filter((folder) => (statSync(folder).mode & 0o077) !== 0)).toEqual([]);
    expect(statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);

    const before = start.output();
    process.kill(serverPid(start), 'SIGKILL');
    expect(await start.exited).toBe(128 + os.constants.signals.SIGKILL);
    const said = start.output().slice(before.length).trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Figgle stopped: the server was killed by SIGKILL \(.*out of memory.*\)\.$/);
    // On a fresh clone npm start first builds the server bundle; with other test files running
    // beside it that took more than the default 30 s in CI (the wait above allows 120 s).
  }, 150_000);

  it('adds nothing when the server said why it could not start', async () => {
    const start = npmStart({ PORT: 'abc', DATA_DIR: dataDirectory() });
    expect(await start.exited).toBe(1);
    expect(start.output()).toContain('PORT: must be a number');
    expect(start.output()).not.toContain('Figgle stopped');
  });
});
