/** Something to undo when a benchmark ends: stop a server, drop a database, remove a directory. */
type CleanupStep = () => unknown;
export type Defer = (step: CleanupStep) => void;

/**
 * Runs a benchmark so that what it set up is undone however it ends: success, an error, or SIGINT /
 * SIGTERM (Ctrl-C, or `npm run bench` being stopped). `main` registers each undo step with `defer`
 * right after the thing exists; the steps run once, newest first, and a failing step does not keep the
 * others from running. An error exits 1, a signal 130 (SIGINT) or 143 (SIGTERM); a second signal
 * during the clean-up ends the process at once (Node's default).
 */
export function runBench(main: (defer: Defer) => Promise<void>): void {
  const steps: CleanupStep[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (error) {
          console.error('a clean-up step failed:', error);
        }
      }
    })());
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`${signal}: cleaning up before exiting`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  main((step) => steps.push(step)).then(
    () => cleanUp(),
    async (error: unknown) => {
      // After a signal, main fails only because its server or database is being taken away.
      if (!interrupted) console.error(error);
      process.exitCode = 1;
      await cleanUp();
    },
  );
}
