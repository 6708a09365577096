import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverCommand } from '../../../scripts/server-run.mjs';
import { freePort } from './free-port.ts';
import { copyMigratedTemplate, startsOnEmptyEmbeddedDatabase } from './migrated-data-dir.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** `node --import` of this ends the server when the process that started it is gone. */
export const exitWithParent = [
  '--import',
  pathToFileURL(fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url))).href,
];

export interface FiggleServer {
  url: string;
  dataDir: string;
  /** The server's process id (benchmarks read its memory). */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

export { freePort };

/**
 * The real, built server as `npm start` runs it (scripts/server-run.mjs), on a temporary data directory
 * and a free port. `settings` may be a function of that port (a PUBLIC_URL naming it). On the embedded
 * database, a data directory without a database yet first gets a copy of the migrated template
 * (migrated-data-dir.ts): no initdb, no migrations. `fromTemplate: false` leaves it empty.
 */
export async function startFiggleServer(
  settings: Record<string, string> | ((port: number) => Record<string, string>) = {},
  // Generous: on a busy CI machine (parallel workers, browsers, PostgreSQL) PGlite can take long to boot.
  { startTimeoutMs = 90_000, fromTemplate = true }: { startTimeoutMs?: number; fromTemplate?: boolean } = {},
): Promise<FiggleServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const { command, args, env } = await serverCommand();
  const settingsEnv = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...(typeof settings === 'function' ? settings(port) : settings),
  };
  if (fromTemplate && startsOnEmptyEmbeddedDatabase(settingsEnv))
    await copyMigratedTemplate(settingsEnv.DATA_DIR).catch((error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
  const child: ChildProcess = spawn(command, [...exitWithParent, ...args], {
    cwd: root,
    env: { ...process.env, ...env, ...settingsEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Figgle exited early:\n${output}`);
    try {
      // /healthz waits for the database: bound each try, so the deadline below is still checked.
      const signal = AbortSignal.timeout(Math.max(1_000, deadline - Date.now()));
      if ((await fetch(`${url}/healthz`, { signal })).ok) break;
    } catch {
      // not listening yet, or the try ran out
    }
    if (Date.now() > deadline) {
      // A server left starting would keep loading a busy machine after the caller gave up on it.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Figgle did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    pid: child.pid!,
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
