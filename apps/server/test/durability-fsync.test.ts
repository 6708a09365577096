import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailCatcher } from '../../../e2e/support/mail-catcher.ts';
import { openDatabase } from '../src/db/database.ts';
import { createOrganizationAs } from './organizations-world.ts';
import { createProject, createTask } from './realtime-world.ts';
import { createRemoteUser } from './support/remote-user.ts';
import { exitOf, isHealthy } from './support/server-process.ts';
import { freePort } from './test-server.ts';
import { startMailCatcher } from './users.ts';

/**
 * The embedded database flushes each commit to disk before the answer leaves. These tests run on
 * an embedded database whatever the run's database: PostgreSQL flushes on its own.
 *
 * The proof watches the real system calls of a server process with strace: between two HTTP
 * answers, the thread that writes the answer must have called fdatasync (or fsync) on a
 * write-ahead log file. The same check on a database opened with fsync off (PGlite's default)
 * must find answers with no flush before them, or the check would prove nothing.
 */
const serverScript = fileURLToPath(new URL('./support/durability-server.ts', import.meta.url));
const WRITES = 6;

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

async function startTracedServer(fsync: 'on' | 'off'): Promise<TracedServer> {
  const dataDir = temporaryDir('durability');
  const traceFile = path.join(dataDir, 'syscalls.trace');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    'strace',
    [
      ...['-f', '--seccomp-bpf', '-qq', '-e', 'signal=none', '-y', '-s', '4096', '-o', traceFile],
      ...['-e', 'trace=fsync,fdatasync,write,writev,sendmsg'],
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
  /** Whether its thread flushed a write-ahead log file since the HTTP answer before it. */
  flushedBefore: boolean;
}

/**
 * Reads strace's lines (`pid call(args) = result`, with file descriptors shown as `fd</path>`) in
 * order, and for every HTTP answer holding one of `markers` tells whether its thread flushed the
 * write-ahead log since its previous answer. Requests are sent one at a time, so everything the
 * request committed happened in that stretch.
 */
function answersAndFlushes(trace: string, markers: string[]): Answer[] {
  const flushedSinceAnswer = new Map<string, boolean>();
  const answers: Answer[] = [];
  for (const line of trace.split('\n')) {
    const call = /^(\d+) (\w+)\((.*)/.exec(line);
    if (!call) continue;
    const [, thread, name, rest] = call as unknown as [string, string, string, string];
    if ((name === 'fdatasync' || name === 'fsync') && /^\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>/.test(rest)) {
      flushedSinceAnswer.set(thread, true);
    } else if ((name === 'writev' || name === 'write' || name === 'sendmsg') && rest.includes('HTTP/1.1 ')) {
      const marker = markers.find((candidate) => rest.includes(candidate));
      if (marker) answers.push({ marker, flushedBefore: flushedSinceAnswer.get(thread) === true });
      flushedSinceAnswer.set(thread, false);
    }
  }
  return answers;
}

/** Task creations, then a move of each, one request at a time; answers the markers in their titles. */
async function writeTasks(url: string): Promise<string[]> {
  const user = await createRemoteUser(url, mail);
  const organizationId = await createOrganizationAs(user, 'Durable');
  const projectId = await createProject(user, organizationId, 'Disk');
  const markers = Array.from({ length: WRITES }, (_, n) => `durable-write-${n}-of-${WRITES}`);
  const taskIds: string[] = [];
  for (const marker of markers) taskIds.push(await createTask(user, projectId, marker));
  for (const taskId of taskIds) {
    const moved = await user.api('/api/kanban-update', { body: { taskId, status: 'DOING', index: 0 } });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  return markers;
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

  it('flushes each task creation and each move to disk before answering it (strace)', async () => {
    const server = await startTracedServer('on');
    const markers = await writeTasks(server.url);
    const answers = answersAndFlushes(await server.stop(), markers);
    // Each marker answered twice: its creation (201), then its move (200).
    expect(answers.map((answer) => answer.marker)).toEqual([...markers, ...markers]);
    expect(answers.filter((answer) => !answer.flushedBefore)).toEqual([]);
  }, 180_000);

  it('tells apart a database opened with fsync off, as PGlite opens one by default (the check can fail)', async () => {
    const server = await startTracedServer('off');
    const markers = await writeTasks(server.url);
    const answers = answersAndFlushes(await server.stop(), markers);
    expect(answers.map((answer) => answer.marker)).toEqual([...markers, ...markers]);
    expect(answers.filter((answer) => answer.flushedBefore)).toEqual([]);
  }, 180_000);
});
