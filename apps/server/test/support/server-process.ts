import { type ChildProcess, spawn } from 'node:child_process';
import { exitWithParent } from '@figgle/test-support/figgle-server';
import { copyMigratedTemplate, startsOnEmptyEmbeddedDatabase } from '@figgle/test-support/migrated-data-dir';
import { freePort } from '@figgle/test-support/test-server';
import { serverCommand } from '../../../../scripts/server-run.mjs';

const STARTUP_TIMEOUT_MS = 60_000;
/** Every process started here and still running: a failed test must not leave one behind. */
const liveChildren = new Set<ChildProcess>();

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, and wait for the exit; nothing happens when the process is already gone. */
  stop(): Promise<void>;
}

/** The server as `npm start` runs it (scripts/server-run.mjs: the bundle, its Node flags and environment). */
async function spawnServer(env: Record<string, string>): Promise<ChildProcess> {
  const { command, args, env: serverEnv } = await serverCommand();
  return spawn(command, [...exitWithParent, ...args], {
    env: { ...process.env, ...serverEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The real server in its own Node process, as `npm start` runs it, on a free loopback port.
 * `settings` are environment variables on top of quiet test defaults; pass DATA_DIR (and
 * DATABASE_URL for PostgreSQL; the embedded database is the default). Resolves once /healthz is ok.
 * On the embedded database, a DATA_DIR without a database yet first gets a copy of the migrated
 * template (migrated-data-dir.ts), as every in-process test database starts; `fromTemplate: false`
 * leaves it empty, for a test of what a first start does (initdb, the migrations).
 */
export async function startServerProcess(
  settings: Record<string, string>,
  { fromTemplate = true }: { fromTemplate?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    FIGGLE_SERVE_WEB: '0',
    ...settings,
  };
  if (fromTemplate && startsOnEmptyEmbeddedDatabase(env)) await copyMigratedTemplate(env.DATA_DIR!);
  const child = await spawnServer(env);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  liveChildren.add(child);
  const exited = exitOf(child);
  void exited.then(() => liveChildren.delete(child));
  const running: ServerProcess = {
    child,
    url,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${output}`);
    if (await isHealthy(url)) return running;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${STARTUP_TIMEOUT_MS} ms: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function isHealthy(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * SIGKILLs the processes still running, e.g. after a test timed out: one left behind would share
 * the next test's data directory.
 */
export async function killLeftoverServers(): Promise<void> {
  const left = [...liveChildren];
  for (const child of left) child.kill('SIGKILL');
  await Promise.all(left.map(exitOf));
}

/** The exit code of a process, null when a signal ended it. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * The real server with settings that must stop it before it serves: its exit code and output.
 * `env` is the whole environment on top of this process's; it is killed if still running after `timeoutMs`.
 */
export async function runServerUntilExit(
  env: Record<string, string>,
  timeoutMs = 45_000,
): Promise<{ code: number | null; output: string }> {
  let output = '';
  const child = await spawnServer(env);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exitOf(child);
  clearTimeout(timer);
  return { code, output };
}
