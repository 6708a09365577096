export interface WorkQueue {
  /** Runs the job after the current request has been answered, after every job pushed before it. */
  push(job: () => Promise<void>): void;
  /** Resolves once every job pushed so far has finished (used at shutdown and by tests). */
  drained(): Promise<void>;
}

/**
 * One job at a time, in arrival order: a reply delivered right after its root comment is processed
 * after the root, so it finds the task. A failing job is reported and never stops the next ones.
 */
export function createWorkQueue(onError: (error: unknown) => void): WorkQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    push(job) {
      tail = tail.then(
        () =>
          new Promise<void>((resolve) => {
            setImmediate(() => {
              job()
                .catch(onError)
                .finally(() => resolve());
            });
          }),
      );
    },
    drained() {
      return tail;
    },
  };
}
