import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@figgle/test-support/test-server';

const BIN_ROOT = '/usr/lib/postgresql';
const SUPERUSER = 'figgle';

export interface PrivatePostgres {
  /** postgresql://figgle@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Stops the server at once (`pg_ctl stop -m fast`): every connection is cut. */
  stop(): void;
  start(): void;
  /** Stops the server and deletes its data directory. */
  destroy(): void;
}

/**
 * A PostgreSQL server of its own for a test that must stop and restart it, so the shared test
 * database of the other test files is never touched. Fails loudly without PostgreSQL binaries:
 * CI always installs them (`.ci/run`).
 */
export function startPrivatePostgres(): Promise<PrivatePostgres> {
  return freePort().then((port) => {
    const bin = postgresBinDir();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-private-pg-'));
    const dataDir = path.join(dir, 'data');
    // initdb refuses to run as root: the cluster then belongs to the `postgres` system user.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    chmodSync(dir, 0o700);
    const run = (command: string, args: string[]) =>
      execFileSync(
        asRoot ? 'runuser' : path.join(bin, command),
        asRoot ? ['-u', 'postgres', '--', path.join(bin, command), ...args] : args,
        { stdio: 'pipe', timeout: 60_000 },
      );
    run('initdb', ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const logFile = path.join(dir, 'server.log');
    const start = () =>
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
    const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    start();
    return {
      url: (database = 'postgres') => `postgresql://${SUPERUSER}@127.0.0.1:${port}/${database}`,
      start,
      stop,
      destroy: () => {
        if (existsSync(path.join(dataDir, 'postmaster.pid'))) stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

function postgresBinDir(): string {
  const versions = existsSync(BIN_ROOT)
    ? readdirSync(BIN_ROOT)
        .filter((name) => existsSync(path.join(BIN_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      `No PostgreSQL server binaries in ${BIN_ROOT}/<version>/bin: install the postgresql package (as .ci/run does).`,
    );
  return path.join(BIN_ROOT, versions[0]!, 'bin');
}
