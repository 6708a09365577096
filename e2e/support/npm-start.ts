import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` itself (scripts/start.mjs), as a newcomer runs it: no NODE_ENV, no SMTP, no database
 * URL. Used by the start journey (e2e/tests/start-command.spec.ts).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** How long to wait at most for the login page before failing with the output. */
const START_GIVE_UP_MS = 150_000;

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Milliseconds from the spawn to GET /login answering 200 with the app's page. */
  startMs: number;
}

/** Every `npm start` still running; `stopAllNpmStarts` kills each with its whole process group. */
const running = new Set<ChildProcess>();

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** `node scripts/start.mjs` in a process group of its own (it starts the server as its child). */
export async function npmStart(port: number, dataDir: string): Promise<Started> {
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
export async function stopNpmStart(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  const code = await Promise.race([
    started.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
  ]);
  if (code === 'timeout') throw new Error(`npm start did not exit after SIGTERM:\n${started.output()}`);
  return code;
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Kills every `npm start` still running with its server, and waits for them to go. */
export async function stopAllNpmStarts(): Promise<void> {
  for (const child of running) killGroup(child);
  await Promise.all([...running].map(exitOf));
  running.clear();
}
