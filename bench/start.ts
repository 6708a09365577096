/**
 * How soon `npm start` answers: from spawning `npm start` (npm itself included, as a person types
 * it) to GET /login answering 200 with the login page, after `npm install` has built the web app, the
 * server bundle and the embedded database's template. Issue 24: within 1,000 ms on an empty data
 * directory, within 700 ms on the second start on the same directory.
 *
 * Every start runs with FIGGLE_START_TIMINGS=1: the start script and the server print when each of
 * their steps ended (apps/server/src/start-timings.ts), and this prints the median breakdown, from
 * npm's own start to the API's first answer (GET /healthz, which reads the database).
 * With BENCH_DATABASE_URL, the same again with DATABASE_URL set to a new, empty PostgreSQL database
 * each run (created beside the one named, dropped afterwards): the first start migrates it.
 *
 *   npm run bench -- start            or   npm run build && node --import tsx bench/start.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@figgle/test-support/figgle-server';
import { serverCommand } from '../scripts/server-run.mjs';
import { LineBuffer } from './support/lines.ts';
import { waitForQuietMachine } from './support/quiet-machine.ts';
import { reportFigure } from './support/report.ts';
import { createScratchDatabase } from './support/scratch-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_START_RUNS) || 5;
const FIRST_START_TARGET_MS = 1_000;
const SECOND_START_TARGET_MS = 700;
const GIVE_UP_MS = 120_000;
/** How often the login page is asked for while the server starts: the figure is this much coarse at most. */
const POLL_MS = 5;
const TIMING_PREFIX = 'FIGGLE_START_TIMING ';

const LOGIN_ANSWERED = 'GET /login answered 200';
const API_ANSWERED = 'GET /healthz answered 200 (the database is open and migrated)';

interface Step {
  step: string;
  /** Milliseconds after `npm start` was spawned. */
  at: number;
}

interface StartRun {
  loginMs: number;
  steps: Step[];
  output: string;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const load = () => os.loadavg()[0]!.toFixed(2);

async function answers(url: string, check: (body: string) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url);
    return response.status === 200 && check(await response.text());
  } catch {
    return false;
  }
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM to npm, its shell, the start script and the server (all one group), SIGKILL if they linger. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 15_000);
  await stopped(child);
  clearTimeout(timer);
  // The group outlives its leader for a moment (the server finishing its shutdown).
  for (let tries = 0; tries < 150; tries++) {
    try {
      if (child.pid) process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signal('SIGKILL');
}

/**
 * One `npm start` on dataDir (and on the PostgreSQL database `databaseUrl` names, when given), timed
 * until the API answers; stopped again before it returns.
 */
async function timeOneStart(dataDir: string, databaseUrl?: string): Promise<StartRun> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    FIGGLE_START_TIMINGS: '1',
  };
  for (const name of ['NODE_ENV', 'SMTP_URL', 'DATABASE_URL', 'PUBLIC_URL', 'SECRET', 'FIGGLE_SERVE_WEB'])
    delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const marks: { step: string; epoch: number }[] = [];
  let output = '';
  const lines = new LineBuffer();
  const read = (line: string) => {
    if (line.startsWith(TIMING_PREFIX)) {
      const { step, at } = JSON.parse(line.slice(TIMING_PREFIX.length)) as { step: string; at: number };
      marks.push({ step, epoch: at });
    } else output += `${line}\n`;
  };
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, detached: true, stdio: 'pipe' });
  child.stdout.on('data', (chunk) => lines.push(String(chunk)).forEach(read));
  child.stderr.on('data', (chunk) => (output += chunk));
  const now = () => performance.timeOrigin + performance.now();
  try {
    const waitFor = async (what: string, path: string, check: (body: string) => boolean) => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
        if (await answers(`${url}${path}`, check)) return marks.push({ step: what, epoch: now() });
        if (now() - spawnedAt > GIVE_UP_MS) throw new Error(`npm start did not answer ${path}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    await waitFor(LOGIN_ANSWERED, '/login', (body) => body.includes('<title>Figgle</title>'));
    const loginMs = marks.at(-1)!.epoch - spawnedAt;
    await waitFor(API_ANSWERED, '/healthz', () => true);
    if (output.includes('Building the web app'))
      throw new Error('npm start built the web app: run `npm run build -w @figgle/web` first');
    const steps = marks
      .map(({ step, epoch }) => ({ step, at: epoch - spawnedAt }))
      .sort((a, b) => a.at - b.at);
    return { loginMs, steps, output };
  } finally {
    await stopGroup(child);
    lines.flush().forEach(read);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median time of each step after the spawn, in the order the steps usually end. */
function printBreakdown(kind: string, runs: StartRun[]): void {
  const byStep = new Map<string, number[]>();
  for (const run of runs) {
    for (const { step, at } of run.steps) byStep.set(step, [...(byStep.get(step) ?? []), at]);
  }
  const rows = [...byStep].map(([step, ats]) => ({ step, at: median(ats), seen: ats.length }));
  rows.sort((a, b) => a.at - b.at);
  console.log(`\n${kind}: median of ${runs.length} starts, ms after \`npm start\` was spawned`);
  console.log(`${'step'.padEnd(68)}${'at'.padStart(9)}${'+ step'.padStart(9)}`);
  let previous = 0;
  for (const row of rows) {
    const seen = row.seen < runs.length ? ` (in ${row.seen} of ${runs.length})` : '';
    console.log(
      `${(row.step + seen).padEnd(68)}${ms(row.at).padStart(9)}${ms(row.at - previous).padStart(9)}`,
    );
    previous = row.at;
  }
}

function report(kind: string, runs: StartRun[], targetMs: number): void {
  const times = runs.map((run) => run.loginMs);
  const value = median(times);
  reportFigure({
    figure: `start: npm start to the login page, ${kind}, median of ${runs.length} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`,
    target: `≤ ${ms(targetMs)}`,
    measured: ms(value),
    pass: value <= targetMs,
  });
  const api = median(
    runs.map((run) => run.steps.find((step) => step.step === API_ANSWERED)?.at ?? Number.NaN),
  );
  reportFigure({
    figure: `start: npm start to the API's first answer, ${kind}, median of ${runs.length}`,
    target: 'reported',
    measured: ms(api),
    pass: null,
  });
}

/** The databases a start is timed on: the embedded one, and an empty PostgreSQL database each run. */
const DATABASES = [
  { label: 'PGlite', adminUrl: undefined },
  ...(process.env.BENCH_DATABASE_URL
    ? [{ label: 'PostgreSQL', adminUrl: process.env.BENCH_DATABASE_URL }]
    : []),
];

export async function runStartBench(): Promise<void> {
  // What `npm install` leaves (scripts/postinstall.mjs): the server bundle is current before timing.
  await serverCommand();
  for (const { label, adminUrl } of DATABASES) {
    const first: StartRun[] = [];
    const again: StartRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const parent = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-start-'));
      const dataDir = path.join(parent, 'data');
      const database = adminUrl ? await createScratchDatabase(adminUrl, 'start') : undefined;
      try {
        await waitForQuietMachine();
        const loadBefore = load();
        const fresh = await timeOneStart(dataDir, database?.url);
        first.push(fresh);
        await waitForQuietMachine();
        const reused = await timeOneStart(dataDir, database?.url);
        again.push(reused);
        console.log(
          `${label}, run ${run}: empty ${adminUrl ? 'database and data directory' : 'data directory'} ${ms(fresh.loginMs)}` +
            ` · same ${adminUrl ? 'database' : 'data directory'} ${ms(reused.loginMs)}` +
            ` (1-minute load ${loadBefore} before, ${load()} after)`,
        );
      } finally {
        rmSync(parent, { recursive: true, force: true });
        await database?.drop();
      }
    }
    printBreakdown(`${label}, first start, empty ${adminUrl ? 'database' : 'data directory'}`, first);
    printBreakdown(`${label}, second start, same ${adminUrl ? 'database' : 'data directory'}`, again);
    console.log(`\n${os.cpus().length} cores, 1-minute load ${load()}`);
    report(`${label}, empty ${adminUrl ? 'database' : 'data directory'}`, first, FIRST_START_TARGET_MS);
    report(
      `${label}, second start on the same ${adminUrl ? 'database' : 'data directory'}`,
      again,
      SECOND_START_TARGET_MS,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runStartBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
