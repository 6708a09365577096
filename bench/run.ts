/**
 * `npm run bench`: runs the benchmarks of bench/ one after another and prints one table of their figures.
 *
 *   npm run bench                      every benchmark (bench/*.ts but this file)
 *   npm run bench -- board realtime    only those, in that order
 *   npm run bench -- search-palette    a browser one (build the web app first): keystroke to results in the palette
 *   npm run bench -- board-filter      one of the browser ones (build the web app first): filtering a 5,000-task board
 *   npm run bench -- calendar          a browser one (build the web app first): a month of 1,000 dated tasks drawn
 *   npm run bench -- subtasks          a browser one (build the web app first): a task page with 100 sub-tasks
 *                                      and 50 relations painted, cold, warm and in the app
 *   npm run bench -- search            search p50/p95 on 100,000 tasks and 500,000 comments, a title change's p99
 *   npm run bench -- workflow          8 statuses and 6 custom fields on 1,000 tasks (board's (a), (b), (c); build the
 *                                      web app first for (b)), and a bulk change of 500 tasks reaching another board
 *   BENCH_DATABASE_URL=postgresql://figgle:figgle@127.0.0.1:5432/figgle_test npm run bench
 *                                      benchmarks that can also run on PostgreSQL do so (passed through)
 *
 * Each benchmark is a child process (`node --import tsx bench/<name>.ts`) whose output is shown as it
 * comes, prefixed with its name; its `BENCH_FIGURE {json}` lines (bench/support/report.ts) become the
 * rows of the table. A benchmark that exits non-zero is a failed row and makes this exit 1; a missed
 * target does not (the table says FAIL). Clean-up does not rely on each benchmark alone: every one gets
 * its own temporary directory (TMPDIR) removed afterwards, its own process group stopped afterwards,
 * and after a crash or Ctrl-C the scratch databases it left on BENCH_DATABASE_URL are dropped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate, describeCalibration } from './support/calibration.ts';
import { LineBuffer } from './support/lines.ts';
import { signalGroup, stopGroup } from './support/process-group.ts';
import { dropScratchDatabasesSince, listScratchDatabases } from './support/scratch-database.ts';
import { listBenches, selectBenches } from './support/select.ts';
import {
  type BenchRow,
  crashRow,
  describeExit,
  formatTable,
  readOutputLine,
  silentRow,
  summarize,
  verdict,
} from './support/table.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const adminUrl = process.env.BENCH_DATABASE_URL || undefined;
/** How long a benchmark gets to clean up after Ctrl-C before its whole process group is killed. */
const CLEANUP_GRACE_MS = 30_000;

let running: { name: string; child: ChildProcess } | undefined;
let interruptedBy: NodeJS.Signals | undefined;

function onSignal(signal: NodeJS.Signals): void {
  if (interruptedBy) {
    // A second Ctrl-C: do not wait for the clean-up any longer.
    if (running?.child.pid) signalGroup(running.child.pid, 'SIGKILL');
    return;
  }
  interruptedBy = signal;
  if (!running) return;
  console.error(`\n${signal}: stopping ${running.name}, which cleans up (a second Ctrl-C kills it at once)`);
  // The benchmark alone first, so it can stop its servers and drop its databases itself.
  running.child.kill(signal);
  const pid = running.child.pid;
  if (pid) setTimeout(() => signalGroup(pid, 'SIGKILL'), CLEANUP_GRACE_MS).unref();
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** Runs one benchmark to its end and answers its rows, and whether it finished (exit code 0). */
async function runBench(name: string): Promise<{ rows: BenchRow[]; finished: boolean }> {
  const started = performance.now();
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `figgle-bench-${name}-`));
  // Unknown when PostgreSQL cannot be reached: then nothing is dropped after a crash (the bench says why it failed).
  const databasesBefore = adminUrl ? await listScratchDatabases(adminUrl).catch(() => undefined) : undefined;
  const rows: BenchRow[] = [];
  const prefix = `[${name}]`;
  // Beside every figure: how fast this machine was right before, on a fixed workload (calibration.ts).
  const machine = describeCalibration(calibrate());
  console.log(`${prefix} machine calibration: fixed CPU workload ${machine}`);

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, `${name}.ts`)], {
    cwd: root,
    // os.tmpdir() of the benchmark, its servers and browsers is tmpDir: whatever they leave is removed below.
    env: { ...process.env, TMPDIR: tmpDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running = { name, child };

  const show = (line: string, out: NodeJS.WriteStream) => {
    const read = readOutputLine(line);
    if ('figure' in read) {
      rows.push({ bench: name, ...read.figure, machine });
      const { figure, target, measured, pass } = read.figure;
      out.write(`${prefix} ▸ ${figure}: ${measured} (target ${target}) ${verdict(pass)}\n`);
    } else if ('malformed' in read) {
      out.write(`${prefix} ! a figure line the runner cannot read: ${read.malformed}\n`);
    } else {
      out.write(`${prefix} ${read.text}\n`);
    }
  };
  const follow = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    const lines = new LineBuffer();
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) show(line, out);
    });
    return new Promise<void>((resolve) =>
      stream.once('close', () => {
        for (const line of lines.flush()) show(line, out);
        resolve();
      }),
    );
  };
  const outputDone = Promise.all([
    follow(child.stdout!, process.stdout),
    follow(child.stderr!, process.stderr),
  ]);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (error) => {
      console.error(`${prefix} could not start: ${error.message}`);
      resolve({ code: -1, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  // A server or browser the benchmark did not stop would hold the output pipes open and keep running.
  if (child.pid && (await stopGroup(child.pid)))
    console.error(`${prefix} left processes running; they were stopped`);
  await outputDone;
  running = undefined;
  rmSync(tmpDir, { recursive: true, force: true });

  const finished = exit.code === 0;
  if (!finished && adminUrl && databasesBefore) {
    const { dropped, inUse } = await dropScratchDatabasesSince(adminUrl, databasesBefore).catch(() => ({
      dropped: [],
      inUse: [],
    }));
    if (dropped.length > 0) console.error(`${prefix} dropped the databases it left: ${dropped.join(', ')}`);
    if (inUse.length > 0)
      console.error(`${prefix} left databases still in use, not dropped: ${inUse.join(', ')}`);
  }
  console.log(`${prefix} ${describeExit(exit)} after ${seconds(started)}`);
  if (!finished) rows.push({ ...crashRow(name, exit), machine });
  else if (rows.length === 0) rows.push({ ...silentRow(name), machine });
  return { rows, finished };
}

async function main(): Promise<number> {
  let names: string[];
  try {
    names = selectBenches(listBenches(benchDir), process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const started = performance.now();
  console.log(
    `Running ${names.length} benchmark${names.length === 1 ? '' : 's'}: ${names.join(', ')} ` +
      (adminUrl
        ? '(BENCH_DATABASE_URL is set: PostgreSQL figures too)'
        : '(BENCH_DATABASE_URL is unset: embedded PGlite only)'),
  );
  const rows: BenchRow[] = [];
  const crashed: string[] = [];
  for (const name of names) {
    if (interruptedBy) break;
    console.log(`\n${'─'.repeat(8)} ${name} ${'─'.repeat(Math.max(8, 60 - name.length))}`);
    const result = await runBench(name);
    rows.push(...result.rows);
    if (!result.finished) crashed.push(name);
  }
  console.log(`\nBenchmark figures (${seconds(started)} in all, Node ${process.version}):\n`);
  console.log(formatTable(rows));
  console.log(`\n${summarize(rows, crashed)}`);
  if (interruptedBy) {
    console.log(`Interrupted by ${interruptedBy}: the benchmarks after it did not run.`);
    return interruptedBy === 'SIGINT' ? 130 : 143;
  }
  return crashed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
