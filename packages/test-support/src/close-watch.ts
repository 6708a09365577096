/**
 * Runs one step of a test server's shutdown, and says so on stderr when it is slow: which step, and
 * what the process still holds open. A close that never ends shows only as "Hook timed out" in the
 * test's `afterAll`; this names the step that held it (CI run ci27: a hostile world's close).
 */
export async function watchedClose(
  what: string,
  close: () => Promise<void>,
  whenSlow: () => void = () => {},
  slowAfterMs = 15_000,
): Promise<void> {
  const timer = setTimeout(() => {
    process.stderr.write(
      `test support: ${what} is still closing after ${slowAfterMs / 1000} s; open: ${process
        .getActiveResourcesInfo()
        .join(', ')}\n`,
    );
    whenSlow();
  }, slowAfterMs);
  timer.unref();
  try {
    await close();
  } finally {
    clearTimeout(timer);
  }
}
