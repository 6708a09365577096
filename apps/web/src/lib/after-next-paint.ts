/** A hidden tab paints no frame: the work then runs after this long. */
const HIDDEN_TAB_FALLBACK_MS = 100;

/**
 * Runs `work` once, just after the browser painted its next frame (the task posted from a frame's
 * callback runs after that frame's paint), so work the screen does not need waits behind what it
 * shows. Answers a function that cancels it.
 */
export function afterNextPaint(work: () => void): () => void {
  let pending = true;
  const run = () => {
    if (!pending) return;
    pending = false;
    cancel();
    work();
  };
  let posted: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    posted = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_TAB_FALLBACK_MS);
  function cancel() {
    pending = false;
    cancelAnimationFrame(frame);
    clearTimeout(posted);
    clearTimeout(fallback);
  }
  return cancel;
}
