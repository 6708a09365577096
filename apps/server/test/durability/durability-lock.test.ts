// @database pglite
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { DataDirInUseError, LOCK_FILE, lockPgliteDir, pgliteHolder } from '../../src/db/pglite-lock.ts';
import { exitOf } from '../support/server-process.ts';

/**
 * One process per embedded data directory: PGlite has no lock of its own between processes, and two
 * of them writing one directory corrupt it. The holder's pid (and, on Linux, its start time) is kept
 * in DATA_DIR/pglite.pid.
 */
const made: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exitOf));
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-lock-'));
  made.push(dir);
  return dir;
}

function otherProcess(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string;
}

describe('the embedded data directory lock', () => {
  it('refuses to open a directory another live process holds, naming it', async () => {
    const dir = dataDir();
    const holder = otherProcess();
    const pid = holder.pid as number;
    writeFileSync(path.join(dir, LOCK_FILE), `${pid} ${startTimeOf(pid)}\n`);
    const refused = await openDatabase({ dataDir: dir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `The embedded database in ${dir} is in use by process ${pid} (a running Figgle server?): stop it first. If no such process is Figgle, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    // Nothing was made in the directory it refused.
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  });

  it('takes over a claim left by a process that is gone, or by an earlier process with the same pid', async () => {
    const dir = dataDir();
    const gone = spawn('true', { stdio: 'ignore' });
    await exitOf(gone);
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid}\n`);
    expect(pgliteHolder(dir)).toBeUndefined();

    // A live process whose start time is not the one written: the pid was given to someone else.
    const reused = otherProcess().pid as number;
    writeFileSync(path.join(dir, LOCK_FILE), `${reused} 1\n`);
    expect(pgliteHolder(dir)).toBeUndefined();

    const release = lockPgliteDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(
      `${process.pid} ${startTimeOf(process.pid)}\n`,
    );
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('is claimed while the database is open and given back when it closes', async () => {
    const dir = dataDir();
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+\\n$`));
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
