import { getHeapStatistics } from 'node:v8';

/** How much the JavaScript heap may grow during an import before its garbage is collected. */
const GROWTH_BEFORE_COLLECTING = 32 * 1024 * 1024;

const heapUsed = () => getHeapStatistics().used_heap_size;

/** Collects the heap's garbage now, where the process allows it (see below); otherwise does nothing. */
export function collectGarbage(): void {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

/**
 * For the steps of an import (reading the file, each batch): the returned function collects the
 * heap's garbage once the heap has grown by 32 MB since it was made or last collected, and answers
 * whether it did.
 *
 * Why: the server runs with 2 MB young-generation halves (scripts/server-run.mjs), so what a batch of
 * 500 tasks reads and sends outlives two young collections and lands in the old generation, and V8
 * lets the old generation grow to about four times what is alive before collecting it. Measured with
 * bench/import on the embedded database: during a 50,000-row CSV file the heap grew from ~60 to
 * ~210 MB between V8's own collections, server RSS 420-440 MB against a 400 MB target. Collected
 * every 32 MB (a full collection of ~60 MB alive takes 40-60 ms, about one every ten batches), the
 * heap stays under ~100 MB.
 *
 * gc() exists only where the process was started with --expose-gc, as the server is; elsewhere
 * (tests build the app in their own process) nothing is collected here.
 */
export function garbageCollectorForImports(): () => boolean {
  let afterLast = heapUsed();
  return () => {
    if (typeof globalThis.gc !== 'function' || heapUsed() - afterLast < GROWTH_BEFORE_COLLECTING)
      return false;
    globalThis.gc();
    afterLast = heapUsed();
    return true;
  };
}
