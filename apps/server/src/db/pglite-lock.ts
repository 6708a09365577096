import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in one process, with no shared lock: a second process opening the same data
 * directory writes over the first one's files. PostgreSQL's own postmaster.pid does not help, since
 * PGlite writes a made-up process id there. So the process holding an embedded database writes its
 * real process id beside it, and a second one (another server, `npm run backup`, `npm run restore`)
 * refuses while that process is alive. A file left by a killed process names a process that is gone;
 * on Linux its start time is kept too, so a new process that got the same pid is not mistaken for it.
 */
export const LOCK_FILE = 'pglite.pid';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running Figgle server?): stop it first. If no such process is Figgle, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

/** The live process other than this one that holds the data directory, if any. */
export function pgliteHolder(dataDir: string): number | undefined {
  let claim: string;
  try {
    claim = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [pidText, startedText] = claim.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  const started = startTimeOf(pid);
  if (startedText && started && startedText !== started) return undefined;
  return pid;
}

/** When a process started, in clock ticks since boot (Linux's /proc); undefined elsewhere. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: field 22 is the 20th.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Claims the data directory for this process, or throws DataDirInUseError. Returns the release. */
export function lockPgliteDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = pgliteHolder(dataDir);
  if (holder !== undefined) throw new DataDirInUseError(dataDir, holder);
  // What is left is this process's own claim or one from a process that is gone.
  rmSync(file, { force: true });
  try {
    writeFileSync(file, `${[process.pid, startTimeOf(process.pid)].filter(Boolean).join(' ')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    // Another process claimed it between the look and the write.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new DataDirInUseError(dataDir, pgliteHolder(dataDir) ?? 0);
  }
  return () => {
    if (pgliteHolder(dataDir) === undefined) rmSync(file, { force: true });
  };
}
