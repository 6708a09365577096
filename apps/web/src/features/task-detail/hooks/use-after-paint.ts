import { startTransition, useEffect, useState } from 'react';

/** Longest wait for the frame: a tab in the background draws no frames, but its timers still run. */
const AT_THE_LATEST_MS = 250;

/** What `afterPaint` needs of the browser (given in the tests). */
export interface FrameClock {
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
  /** Runs `callback` in a task of its own, after the tasks already queued (a MessageChannel's). */
  postTask(callback: () => void): () => void;
}

const browserClock: FrameClock = {
  requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
  cancelAnimationFrame: (handle) => window.cancelAnimationFrame(handle),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  postTask: (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  },
};

/**
 * Calls `done` once, after the next frame has been painted: a frame's callbacks run before its paint,
 * and a task posted from them runs after it. Without a frame (a tab in the background), after 250 ms.
 * Answers a function that cancels it.
 */
export function afterPaint(done: () => void, clock: FrameClock = browserClock): () => void {
  let called = false;
  let cancelTask: (() => void) | undefined;
  const once = () => {
    if (called) return;
    called = true;
    stop();
    done();
  };
  const frame = clock.requestAnimationFrame(() => {
    cancelTask = clock.postTask(once);
  });
  const fallback = clock.setTimeout(once, AT_THE_LATEST_MS);
  function stop() {
    clock.cancelAnimationFrame(frame);
    clock.clearTimeout(fallback);
    cancelTask?.();
  }
  return () => {
    called = true;
    stop();
  };
}

/**
 * False until the frame of the component's first render has been painted, then true. For what the
 * task page draws beside or below its sub-tasks and relations (the side panel's fields, the
 * description's editor, the checklist, the comment editor): drawn after them, it stays out of the
 * work between the answers' arrival and their paint (docs/machinery/task-page-load.md). The change
 * to true is a transition: React draws it in slices it interrupts for an answer that lands meanwhile
 * (the sub-tasks' rows), so it does not stand in front of them either.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
