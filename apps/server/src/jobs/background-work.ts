import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks what the job worker does (its claims, its handlers' reads and writes), and the task list
 * cache's reads of a changed task (features/tasks/task-list-cache.ts, after a write's event), so a test that counts
 * a request's statements (apps/server/test/support/count-statements.ts) can leave background work
 * out: a notification email queued by the request may be sent while the request is still answering.
 */
export const backgroundWork = new AsyncLocalStorage<true>();

/** True inside the job worker's loop, whatever it awaits. */
export const inBackgroundWork = (): boolean => backgroundWork.getStore() === true;
