/**
 * A job stored by this process can start at once instead of at the next poll: whoever enqueued wakes
 * the workers of the same database handle after commit. Workers of other processes find it by polling.
 */
const sleepers = new WeakMap<object, Set<() => void>>();

export function onJobEnqueued(db: object, wake: () => void): () => void {
  let set = sleepers.get(db);
  if (!set) {
    set = new Set();
    sleepers.set(db, set);
  }
  set.add(wake);
  return () => set.delete(wake);
}

export function wakeWorkers(db: object): void {
  for (const wake of sleepers.get(db) ?? []) wake();
}
