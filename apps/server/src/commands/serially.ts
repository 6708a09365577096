/**
 * Runs tasks with the same key one after another, in this process, in the order they were asked
 * for. Saving a Figma team twice at once must not register two webhooks and keep only one; tasks
 * created in one project at once begin their transactions in turn (create-task.ts).
 */
const tails = new Map<string, Promise<unknown>>();

export function serially<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => {});
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
