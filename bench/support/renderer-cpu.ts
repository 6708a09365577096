import { readFileSync } from 'node:fs';

/** The kinds of the renderer's work that a click's trace is split into (Chromium's event names). */
const KINDS = ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'] as const;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** CPU time of the thread, in µs: unlike the wall time, it does not count the waits for a core. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

export interface RendererCpu {
  /** CPU time of the page's main thread from the click to the trace's end, in ms. */
  totalMs: number;
  /**
   * The same time by kind: script, style, layout, paint. A style or layout forced by a script is
   * counted in both, so the kinds may add up to more than the total.
   */
  byKind: Record<(typeof KINDS)[number], number>;
}

/**
 * Reads a Chromium trace (Playwright's `browser.startTracing` with the `devtools.timeline`
 * categories) of one click and answers the CPU time the page's main thread spent after it. On a
 * busy machine the wall time of a click grows with the waits for a core; its CPU time barely does,
 * so two builds can be compared while other work runs (within one machine only: CPUs differ).
 */
export function rendererCpuOfTrace(file: string): RendererCpu {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // The page's renderer is the main thread that has the click.
  const click = events.find(
    (event) =>
      event.name === 'EventDispatch' &&
      event.args?.data?.type === 'click' &&
      mainThreads.has(`${event.pid}:${event.tid}`),
  );
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as RendererCpu['byKind'];
  if (!click) return { totalMs: 0, byKind };
  // Each task is counted from the one that dispatched the click on (it began before the click).
  const onThread = events.filter(
    (event) =>
      event.ph === 'X' && event.pid === click.pid && event.tid === click.tid && event.ts >= click.ts - 1_000,
  );
  let total = 0;
  for (const event of onThread) {
    if (event.name === 'RunTask') total += event.tdur ?? 0;
    else if ((KINDS as readonly string[]).includes(event.name) && event.ts >= click.ts)
      byKind[event.name as keyof RendererCpu['byKind']] += (event.tdur ?? 0) / 1000;
  }
  return { totalMs: total / 1000, byKind };
}
