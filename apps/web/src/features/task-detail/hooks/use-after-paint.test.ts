import { describe, expect, it, vi } from 'vitest';
import { afterPaint, type FrameClock } from './use-after-paint';

/** A clock whose frames, tasks and timers run when the test says. */
function testClock() {
  const frames = new Map<number, () => void>();
  const tasks = new Set<() => void>();
  const timers = new Map<number, () => void>();
  let next = 1;
  const clock: FrameClock = {
    requestAnimationFrame: (callback) => {
      frames.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (handle) => frames.delete(handle),
    setTimeout: (callback) => {
      timers.set(next, callback);
      return next++ as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout: (handle) => timers.delete(handle as unknown as number),
    postTask: (callback) => {
      tasks.add(callback);
      return () => tasks.delete(callback);
    },
  };
  const runAll = (queue: Map<number, () => void> | Set<() => void>) => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const callback of callbacks) callback();
  };
  return {
    clock,
    frame: () => runAll(frames),
    tasks: () => runAll(tasks),
    timers: () => runAll(timers),
  };
}

describe('afterPaint', () => {
  it('calls back in the task posted from the next frame, once (the paint comes between them)', () => {
    const { clock, frame, tasks, timers } = testClock();
    const done = vi.fn();
    afterPaint(done, clock);
    tasks();
    expect(done).not.toHaveBeenCalled();
    frame();
    expect(done).not.toHaveBeenCalled();
    tasks();
    expect(done).toHaveBeenCalledTimes(1);
    timers();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('calls back after the timer when no frame comes (a tab in the background)', () => {
    const { clock, frame, tasks, timers } = testClock();
    const done = vi.fn();
    afterPaint(done, clock);
    timers();
    expect(done).toHaveBeenCalledTimes(1);
    frame();
    tasks();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    const { clock, frame, tasks, timers } = testClock();
    const done = vi.fn();
    const cancel = afterPaint(done, clock);
    frame();
    cancel();
    tasks();
    timers();
    expect(done).not.toHaveBeenCalled();
  });
});
