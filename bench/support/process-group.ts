import { execFileSync } from 'node:child_process';

/**
 * `npm run bench` starts each benchmark as the leader of its own process group, so the servers and
 * browsers the benchmark starts can be found and stopped even when the benchmark itself died first.
 */

/** Sends a signal to every process of the group; false when none is left. */
export function signalGroup(leaderPid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-leaderPid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a process of the group still runs. A zombie (ended, not yet reaped by init: tsx's esbuild
 * service after its parent exited) does not count; it cannot be stopped and holds nothing.
 */
function groupRunning(leaderPid: number): boolean {
  if (!signalGroup(leaderPid, 0)) return false;
  try {
    return execFileSync('ps', ['-A', '-o', 'pgid=,stat='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .some(([pgid, stat]) => Number(pgid) === leaderPid && !stat?.startsWith('Z'));
  } catch {
    return true; // no ps: count the group as running, as kill(0) says
  }
}

/** Waits up to `ms` for every process of the group to end; answers whether they did. */
async function groupEnded(leaderPid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupRunning(leaderPid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Stops what the group's leader left running once it exited. What ends by itself right after it gets
 * a second; what is still there then gets SIGTERM (Figgle's
 * server shuts down cleanly on it), and SIGKILL after `graceMs`. Answers whether anything had to be stopped.
 */
export async function stopGroup(leaderPid: number, graceMs = 10_000): Promise<boolean> {
  if (await groupEnded(leaderPid, 1_000)) return false;
  signalGroup(leaderPid, 'SIGTERM');
  if (!(await groupEnded(leaderPid, graceMs))) signalGroup(leaderPid, 'SIGKILL');
  return true;
}
