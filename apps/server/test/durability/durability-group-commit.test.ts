// @database pglite
import { describe, expect, it } from 'vitest';
import { type FlushCalls, WalFlusher } from '../../src/db/pglite-durable-fs.ts';

/**
 * The group commit's bookkeeping (db/pglite-durable-fs.ts), with flush calls that are recorded and
 * completed by hand: which flush covers which commit, how commits share a flush, and that owed WAL
 * is flushed before anything else may reach the disk. durability-fsync.test.ts checks the same
 * against a real database's system calls.
 */
class RecordedCalls implements FlushCalls {
  readonly log: string[] = [];
  private readonly running: Array<{ fd: number; done: (error: Error | null) => void }> = [];

  fdatasyncSync(fd: number) {
    this.log.push(`flush ${fd} now`);
  }
  fdatasync(fd: number, done: (error: Error | null) => void) {
    this.log.push(`flush ${fd} started`);
    this.running.push({ fd, done });
  }
  closeSync(fd: number) {
    this.log.push(`close ${fd}`);
  }

  /** Completes the background flushes started so far (the pool thread returning). */
  finishRunning(error: Error | null = null) {
    for (const { fd, done } of this.running.splice(0)) {
      this.log.push(`flush ${fd} done`);
      done(error);
    }
  }
}

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('the WAL group commit', () => {
  it('is durable at once when no commit waits for a flush', async () => {
    const flusher = new WalFlusher(new RecordedCalls());
    expect(await settled(flusher.durable())).toBe('resolved');
  });

  it('answers a commit only after a flush that started after it has completed', async () => {
    const calls = new RecordedCalls();
    const flusher = new WalFlusher(calls);
    flusher.walSyncRequested(7);
    const first = flusher.durable();
    flusher.walSyncRequested(7); // a second commit while the first flush runs
    const second = flusher.durable();
    calls.finishRunning();
    expect(await settled(first)).toBe('resolved');
    // The flush that just ended began before the second commit wrote: it does not count for it.
    expect(await settled(second)).toBe('pending');
    expect(calls.log).toEqual(['flush 7 started', 'flush 7 done', 'flush 7 started']);
    calls.finishRunning();
    expect(await settled(second)).toBe('resolved');
  });

  it('lets every commit made during one flush share the next one', async () => {
    const calls = new RecordedCalls();
    const flusher = new WalFlusher(calls);
    flusher.walSyncRequested(3);
    const waiting = [];
    for (let n = 0; n < 10; n++) {
      flusher.walSyncRequested(n % 2 === 0 ? 3 : 4); // a segment switch halfway: two descriptors
      waiting.push(flusher.durable());
    }
    calls.finishRunning();
    calls.finishRunning();
    expect(await Promise.all(waiting.map(settled))).toEqual(Array(10).fill('resolved'));
    expect(calls.log).toEqual([
      'flush 3 started',
      'flush 3 done',
      'flush 3 started',
      'flush 4 started',
      'flush 3 done',
      'flush 4 done',
    ]);
    expect(flusher.counts).toEqual({ background: 2, synchronous: 0 });
  });

  it('flushes owed WAL, the running flush included, before any other file may be written', async () => {
    const calls = new RecordedCalls();
    const flusher = new WalFlusher(calls);
    flusher.walSyncRequested(3); // its flush starts in the background
    flusher.walSyncRequested(4); // owed, waiting for the next one
    const waiting = flusher.durable();
    flusher.flushOwed(); // a data page is about to be written
    expect(calls.log).toEqual(['flush 3 started', 'flush 4 now', 'flush 3 now']);
    expect(await settled(waiting)).toBe('resolved');
    flusher.flushOwed(); // nothing written since: nothing to flush, while the background one runs on
    calls.finishRunning();
    flusher.walSyncRequested(3);
    expect(calls.log.slice(3)).toEqual(['flush 3 done', 'flush 3 started']);
  });

  it('flushes a WAL segment owed a flush before it is closed, and closes it after the running flush', async () => {
    const calls = new RecordedCalls();
    const flusher = new WalFlusher(calls);
    expect(flusher.closing(9)).toBe(false); // nothing owed: closed as usual
    flusher.walSyncRequested(9);
    expect(flusher.closing(9)).toBe(true);
    expect(calls.log).toEqual(['flush 9 started', 'flush 9 now']);
    calls.finishRunning();
    expect(calls.log.slice(2)).toEqual(['flush 9 done', 'close 9']);
  });

  it('acknowledges nothing more once a flush has failed', async () => {
    const calls = new RecordedCalls();
    const flusher = new WalFlusher(calls);
    flusher.walSyncRequested(5);
    const waiting = flusher.durable();
    calls.finishRunning(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    expect(await settled(waiting)).toBe('rejected');
    expect(await settled(flusher.durable())).toBe('rejected');
    expect(() => flusher.walSyncRequested(5)).toThrow(/EIO/);
  });
});
