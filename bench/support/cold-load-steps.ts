/// <reference lib="dom" />
/**
 * The critical path of a cold page load, read from the page's own clock (ms after the navigation
 * started): the HTML, the entry script, the page's data, the first paint, the websocket. A bench
 * that times a cold load prints the median of each step over its runs (issue 24: "find the critical
 * path"), so a slower figure says which step grew.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type ColdLoadSteps = Record<string, number>;

/**
 * Notes when the page's first websocket opens: a resource timing is not kept for websockets. Call on
 * the context before the page is opened; it wraps the page's WebSocket class and changes nothing else.
 */
export async function watchFirstSocket(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => {
          const timed = window as unknown as { __firstSocketOpenAt?: number };
          timed.__firstSocketOpenAt ??= performance.now();
        });
      }
    };
  });
}

/** Resources whose arrival is a step: the step's name and the pattern of the resource's path. */
const RESOURCE_STEPS: [string, string][] = [
  ['entry script received', '^/assets/index-[^/]+\\.js$'],
  ['entry stylesheet received', '^/assets/index-[^/]+\\.css$'],
  ['project received', '^/api/projects/[^/]+$'],
  ['tasks received', '^/api/projects/[^/]+/tasks$'],
  ['last script chunk received', '^/assets/.+\\.js$'],
];

/** The steps of the load that has just ended in `page`, each the time it ended. */
export async function readColdLoadSteps(page: Page): Promise<ColdLoadSteps> {
  // No named function inside: the page runs this text as it is, without the bench's compiler helpers.
  return page.evaluate((resourceSteps) => {
    const steps: Record<string, number> = {};
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation) {
      steps['HTML first byte'] = navigation.responseStart;
      steps['HTML received'] = navigation.responseEnd;
      steps['DOMContentLoaded (entry script run)'] = navigation.domContentLoadedEventEnd;
    }
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    for (const [label, pattern] of resourceSteps) {
      const ends = resources
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => entry.responseEnd);
      if (ends.length) steps[label] = Math.max(...ends);
    }
    for (const paint of performance.getEntriesByType('paint')) steps[paint.name] = paint.startTime;
    const socketOpenAt = (window as unknown as { __firstSocketOpenAt?: number }).__firstSocketOpenAt;
    if (socketOpenAt !== undefined) steps['websocket open'] = socketOpenAt;
    return steps;
  }, RESOURCE_STEPS);
}

/** Median of each step over the runs, in the order the steps end, with the time since the previous one. */
export function formatColdLoadSteps(runs: ColdLoadSteps[], lastStep: { name: string; at: number[] }): string {
  const byStep = new Map<string, number[]>();
  for (const run of runs)
    for (const [step, at] of Object.entries(run)) byStep.set(step, [...(byStep.get(step) ?? []), at]);
  byStep.set(lastStep.name, lastStep.at);
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const rows = [...byStep].map(([step, ats]) => ({ step, at: median(ats), seen: ats.length }));
  rows.sort((a, b) => a.at - b.at);
  const lines = [`${'step (median of the runs)'.padEnd(44)}${'at'.padStart(10)}${'+ step'.padStart(10)}`];
  let previous = 0;
  for (const row of rows) {
    const seen = row.seen < runs.length ? ` (in ${row.seen} of ${runs.length})` : '';
    lines.push(
      `${(row.step + seen).padEnd(44)}${`${row.at.toFixed(0)} ms`.padStart(10)}${`${(row.at - previous).toFixed(0)} ms`.padStart(10)}`,
    );
    previous = row.at;
  }
  return lines.join('\n');
}
