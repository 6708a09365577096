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

/** Waits up to `ms` for every process of the group to end; answers whether they did. */
async function groupEnded(leaderPid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (signalGroup(leaderPid, 0)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Stops what the group's leader left running once it exited. Helpers that end by themselves right
 * after it (tsx's esbuild service) get a second; what is still there then gets SIGTERM (Figgle's
 * server shuts down cleanly on it), and SIGKILL after `graceMs`. Answers whether anything had to be stopped.
 */
export async function stopGroup(leaderPid: number, graceMs = 10_000): Promise<boolean> {
  if (await groupEnded(leaderPid, 1_000)) return false;
  signalGroup(leaderPid, 'SIGTERM');
  if (!(await groupEnded(leaderPid, graceMs))) signalGroup(leaderPid, 'SIGKILL');
  return true;
}
