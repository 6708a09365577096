// @database pglite
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { copyMigratedTemplate } from '@figgle/test-support/migrated-data-dir';
import { freePort } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { createRemoteUser } from '../support/remote-user.ts';
import { exitOf, isHealthy } from '../support/server-process.ts';

/**
 * The embedded database flushes each commit to disk before the answer leaves. These tests run on
 * an embedded database whatever the run's database: PostgreSQL flushes on its own.
 *
 * The proof watches the real system calls of a server process with strace (every thread, `-f`):
 * the flush of the write-ahead log now runs on a thread of Node's pool (group commit), so each
 * answer must come after an fdatasync (or fsync) on a WAL segment that started after the last
 * WAL write of its request and completed before the answer was written. The same check on a
 * database opened with fsync off (PGlite's default) must find answers with no flush before them,
 * or the check would prove nothing. A third trace checks PostgreSQL's own rule, which group commit
 * must keep: no data file is written before the WAL that describes it is on disk.
 */
const serverScript = fileURLToPath(new URL('../support/durability-server.ts', import.meta.url));
const WRITES = 6;
/** Flushes, writes to files (PGlite writes with pwrite) and the HTTP answers (write, writev, sendmsg). */
const TRACED_CALLS = 'fsync,fdatasync,write,writev,pwrite64,pwritev,pwritev2,sendmsg';

let mail: MailCatcher;
const made: string[] = [];
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.stop();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function temporaryDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `figgle-${label}-`));
  made.push(dir);
  return dir;
}

interface TracedServer {
  url: string;
  /** SIGTERM, wait for the exit, and answer the trace strace wrote. */
  stop(): Promise<string>;
}

async function startTracedServer(fsync: 'on' | 'off' | 'each-commit'): Promise<TracedServer> {
  const dataDir = temporaryDir('durability');
  // What is proved is each answer's flush after the start, not the start: the server starts from a
  // copy of the migrated template, without an initdb and the migrations under strace.
  await copyMigratedTemplate(dataDir);
  const traceFile = path.join(dataDir, 'syscalls.trace');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    'strace',
    [
      ...['-f', '--seccomp-bpf', '-qq', '-e', 'signal=none', '-y', '-s', '4096', '-o', traceFile],
      ...['-e', `trace=${TRACED_CALLS}`],
      ...[process.execPath, '--import', 'tsx', serverScript],
    ],
    {
      env: {
        ...process.env,
        FIGGLE_TEST_FSYNC: fsync,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SECRET: 'durability-secret-that-is-long-enough-0123456789',
        SMTP_URL: mail.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = exitOf(child);
  const deadline = Date.now() + 90_000;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the traced server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const serverPid = Number(/server process (\d+)/.exec(output)?.[1]);
  expect(serverPid, output).toBeGreaterThan(0);
  return {
    url,
    stop: async () => {
      // The server stops as on SIGTERM in production; strace ends with it, with its exit code.
      process.kill(serverPid, 'SIGTERM');
      expect(await exited, output).toBe(0);
      return readFileSync(traceFile, 'utf8');
    },
  };
}

interface Answer {
  /** The marker found in the answer's body. */
  marker: string;
  /** Whether a WAL flush started after its request's last WAL write and ended before the answer. */
  flushedBefore: boolean;
}

interface Call {
  /** The line's index in the trace (strace writes the lines in the order things happen). */
  at: number;
  thread: string;
  name: string;
  /** The arguments, from the first one; fds read `fd</path>` (strace -y). */
  args: string;
  /** For a call strace split in two (`<unfinished ...>`, then `<... name resumed>`): where it began. */
  startedAt: number;
}

/**
 * strace's completed calls in order. A call another thread interrupted is written in two lines
 * (`123 fdatasync(17</x> <unfinished ...>`, later `123 <... fdatasync resumed>) = 0`); it is
 * answered at its end, with the line where it began: a flush counts from its start to its end.
 * strace pads the thread id to five characters (`4     write(`), so low ids have several spaces.
 */
function callsIn(trace: string): Call[] {
  const calls: Call[] = [];
  const begun = new Map<string, Omit<Call, 'at'>>();
  trace.split('\n').forEach((line, at) => {
    const resumed = /^(\d+) +<\.\.\. (\w+) resumed>(.*)/.exec(line);
    if (resumed) {
      const [, thread, name] = resumed as unknown as [string, string, string];
      const start = begun.get(`${thread} ${name}`);
      begun.delete(`${thread} ${name}`);
      if (start && !failed(line)) calls.push({ ...start, at });
      return;
    }
    const call = /^(\d+) +(\w+)\((.*)/.exec(line);
    if (!call) return;
    const [, thread, name, args] = call as unknown as [string, string, string, string];
    if (line.endsWith('<unfinished ...>'))
      begun.set(`${thread} ${name}`, { thread, name, args, startedAt: at });
    else if (!failed(line)) calls.push({ at, thread, name, args, startedAt: at });
  });
  return calls;
}

const failed = (line: string) => / = -1 E[A-Z]+ \([^)]*\)$/.test(line);
const WAL_FILE = /^\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>/;
const isFlush = (call: Call) => call.name === 'fdatasync' || call.name === 'fsync';
const isFileWrite = (call: Call) => /^(pwrite64|pwritev2?|write|writev)$/.test(call.name);
const isWalFlush = (call: Call) => isFlush(call) && WAL_FILE.test(call.args);
const isWalWrite = (call: Call) => isFileWrite(call) && WAL_FILE.test(call.args);

/**
 * For every HTTP answer holding one of `markers`: did a flush of a WAL segment start after the
 * last WAL write since the previous answer (the request's commit) and end before this answer?
 * Requests are sent one at a time, so everything the request committed happened in that stretch.
 */
function answersAndFlushes(trace: string, markers: string[]): Answer[] {
  const answers: Answer[] = [];
  let lastWalWrite: number | undefined;
  let flushes: Call[] = [];
  for (const call of callsIn(trace)) {
    if (isWalWrite(call)) lastWalWrite = call.startedAt;
    else if (isWalFlush(call)) flushes.push(call);
    else if (/^(writev|write|sendmsg)$/.test(call.name) && call.args.includes('HTTP/1.1 ')) {
      const marker = markers.find((candidate) => call.args.includes(candidate));
      const committed = lastWalWrite;
      const flushedBefore =
        committed !== undefined &&
        flushes.some((flush) => flush.startedAt > committed && flush.at < call.startedAt);
      if (marker) answers.push({ marker, flushedBefore });
      lastWalWrite = undefined;
      flushes = [];
    }
  }
  return answers;
}

interface Writes {
  /** The markers to look for in the answers. */
  markers: string[];
  /** The markers in the order their answers are expected. */
  answered: string[];
}

/**
 * Organization creations, task creations and a move of each (whose events wait for the flush too),
 * then project stars (which publish no event), one request at a time; markers are the
 * organizations' names, the tasks' titles and the project's id.
 */
async function writeTasks(url: string): Promise<Writes> {
  const user = await createRemoteUser(url, mail);
  const organizations = Array.from({ length: 3 }, (_, n) => `durable-organization-${n}`);
  const organizationIds: string[] = [];
  for (const name of organizations) organizationIds.push(await createOrganizationAs(user, name));
  const projectId = await createProject(user, organizationIds[0] as string, 'Disk');
  const tasks = Array.from({ length: WRITES }, (_, n) => `durable-write-${n}-of-${WRITES}`);
  const taskIds: string[] = [];
  for (const marker of tasks) taskIds.push(await createTask(user, projectId, marker));
  for (const taskId of taskIds) {
    const moved = await user.api('/api/kanban-update', { body: { taskId, status: 'DOING', index: 0 } });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  // Starring and unstarring the project: writes whose answers only the answer hook holds (no event).
  const stars = ['PUT', 'DELETE', 'PUT', 'DELETE'];
  for (const method of stars) {
    const starred = await user.api(`/api/projects/${projectId}/bookmark`, { method, body: {} });
    expect(starred.status, await starred.clone().text()).toBe(200);
  }
  // The project's answer names its organization; each task is answered at its creation, then its
  // move; each star names the project.
  const answered = [
    ...organizations,
    organizations[0] as string,
    ...tasks,
    ...tasks,
    ...stars.map(() => projectId),
  ];
  return { markers: [...tasks, ...organizations, projectId], answered };
}

/**
 * A script that opens a database as the server does, then several times inserts a row and runs a
 * CHECKPOINT in the same statement list: the checkpoint writes the row's data page, so PostgreSQL
 * first flushes the WAL up to that page (a flush the group commit only notes as owed), then writes
 * the page. Traced with strace, it answers the trace, the data directory and the process id.
 */
async function traceCheckpoints(): Promise<{ trace: string; pgliteDir: string; pid: string }> {
  const dataDir = temporaryDir('durability-checkpoint');
  const traceFile = path.join(dataDir, 'syscalls.trace');
  const script = `
    const { openDatabase } = await import(process.argv[1]);
    const database = await openDatabase({ dataDir: process.argv[2] });
    await database.pglite.exec('CREATE TABLE note (id serial PRIMARY KEY, body text)');
    for (let n = 0; n < 8; n++) await database.pglite.exec("INSERT INTO note (body) VALUES ('note'); CHECKPOINT");
    await database.close();
    console.log('process ' + process.pid);`;
  const databaseModule = fileURLToPath(new URL('../../src/db/database.ts', import.meta.url));
  const child = spawn(
    'strace',
    [
      ...['-f', '--seccomp-bpf', '-qq', '-e', 'signal=none', '-y', '-s', '64', '-o', traceFile],
      ...['-e', `trace=${TRACED_CALLS}`],
      ...[process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, databaseModule, dataDir],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  expect(await exitOf(child), output).toBe(0);
  const pid = /process (\d+)/.exec(output)?.[1] ?? '';
  return { trace: readFileSync(traceFile, 'utf8'), pgliteDir: path.join(dataDir, 'pglite'), pid };
}

/**
 * Every write or flush of a file of the data directory other than a WAL segment, with the WAL
 * segments written before it and not yet covered by a completed flush that started after them.
 */
function dataWritesBeforeTheirWal(trace: string, pgliteDir: string): string[] {
  const lastWrite = new Map<string, number>();
  const coveredUpTo = new Map<string, number>();
  const early: string[] = [];
  const pathOf = (call: Call) => /^\d+<([^>]*)>/.exec(call.args)?.[1] ?? '';
  for (const call of callsIn(trace)) {
    const file = pathOf(call);
    if (isWalWrite(call)) lastWrite.set(file, call.at);
    else if (isWalFlush(call)) coveredUpTo.set(file, Math.max(coveredUpTo.get(file) ?? -1, call.startedAt));
    else if ((isFileWrite(call) || isFlush(call)) && file.startsWith(`${pgliteDir}/`)) {
      const unflushed = [...lastWrite].filter(([wal, at]) => at > (coveredUpTo.get(wal) ?? -1));
      if (unflushed.length > 0)
        early.push(`${call.name} ${file} before ${unflushed.map(([wal]) => wal).join(', ')}`);
    }
  }
  return early;
}

describe('the embedded database on disk', () => {
  it('runs with fsync on, flushing the write-ahead log through fsync()', async () => {
    const database = await openDatabase({ dataDir: temporaryDir('fsync-setting') });
    try {
      const show = async (setting: 'fsync' | 'wal_sync_method') =>
        (await sql<Record<string, string>>`SELECT current_setting(${setting}) AS value`.execute(database.db))
          .rows[0]?.value;
      expect(await show('fsync')).toBe('on');
      expect(await show('wal_sync_method')).toBe('fsync');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('flushes each organization and task creation and each move to disk before answering it (strace)', async () => {
    const server = await startTracedServer('on');
    const { markers, answered } = await writeTasks(server.url);
    const answers = answersAndFlushes(await server.stop(), markers);
    expect(answers.map((answer) => answer.marker)).toEqual(answered);
    expect(answers.filter((answer) => !answer.flushedBefore)).toEqual([]);
  }, 180_000);

  it('writes no data page before the WAL that describes it is on disk (strace, during CHECKPOINTs)', async () => {
    const { trace, pgliteDir, pid } = await traceCheckpoints();
    const calls = callsIn(trace);
    const dataWrites = calls.filter((call) => isFileWrite(call) && call.args.includes(`${pgliteDir}/base/`));
    expect(dataWrites.length, 'the checkpoints wrote data pages').toBeGreaterThan(0);
    expect(dataWritesBeforeTheirWal(trace, pgliteDir)).toEqual([]);
    // The case that matters happened: a WAL flush owed when a data page was to be written, done
    // at once by the process's own thread (the background flushes run on pool threads).
    expect(calls.filter((call) => isWalFlush(call) && call.thread === pid).length).toBeGreaterThan(0);
  }, 180_000);

  it('tells apart a database opened with fsync off, as PGlite opens one by default (the check can fail)', async () => {
    const server = await startTracedServer('off');
    const { markers, answered } = await writeTasks(server.url);
    const answers = answersAndFlushes(await server.stop(), markers);
    expect(answers.map((answer) => answer.marker)).toEqual(answered);
    expect(answers.filter((answer) => answer.flushedBefore)).toEqual([]);
  }, 180_000);
});
