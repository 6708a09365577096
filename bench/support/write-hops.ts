/**
 * The live path of each change, hop by hop: the server's FIGGLE_WRITE_TIMINGS lines
 * (apps/server/src/write-timings.ts) matched with the bench's own stamps of when A sent the change and
 * when the first and the last client had its event. Both sides stamp the wall clock
 * (performance.timeOrigin + now), so they line up on one axis.
 */

import { type WriteStep as Step, WRITE_TIMING_PREFIX } from '../../apps/server/src/write-timings.ts';
import { percentile } from './realtime-clients.ts';
import type { Deliveries } from './realtime-latency.ts';

const ms = (value: number) => `${value.toFixed(2)} ms`;

interface Trace {
  method: string;
  url: string;
  steps: Partial<Record<Step, number>>;
}
type Stamp = Step | 'sentAt' | 'firstAt' | 'lastAt';

/** Each hop: its name, and the two stamps it lies between. */
const HOPS: Array<[string, Stamp, Stamp]> = [
  ['A → server: request read (onRequest)', 'sentAt', 'request'],
  ['body read and checked, hooks', 'request', 'handler'],
  ['the session', 'handler', 'signed in'],
  ['the write and its commit', 'signed in', 'committed'],
  ['commit → on the bus (PGlite: the flush)', 'committed', 'published'],
  ['fan-out: views, frame, outbox', 'published', 'queued'],
  ["outbox's turn (setImmediate / budget)", 'queued', 'sending'],
  ['writing to every socket', 'sending', 'sent'],
  ['first socket written → first client has it', 'sending', 'firstAt'],
  ['last socket written → last client has it', 'sent', 'lastAt'],
  ['whole path: A sent → last client has it', 'sentAt', 'lastAt'],
  ["A's answer written (commit → onResponse)", 'committed', 'answered'],
];

function tracesIn(output: string): Trace[] {
  const traces: Trace[] = [];
  for (const line of output.split('\n')) {
    const at = line.indexOf(WRITE_TIMING_PREFIX);
    if (at === -1) continue;
    traces.push(JSON.parse(line.slice(at + WRITE_TIMING_PREFIX.length)) as Trace);
  }
  return traces;
}

/** Prints the p50 and p99 of each hop of the counted changes; says so when the server printed no timings. */
export function printWriteHops(output: string, deliveries: Deliveries, urlPart: string): void {
  const traces = tracesIn(output).filter((trace) => trace.url.includes(urlPart));
  const durations = HOPS.map(() => [] as number[]);
  let matched = 0;
  for (const change of deliveries.changes) {
    const trace = traces.find(
      (candidate) =>
        candidate.steps.request !== undefined &&
        candidate.steps.request >= change.sentAt - 1 &&
        candidate.steps.request <= change.lastAt,
    );
    if (!trace) continue;
    matched += 1;
    const stamps: Partial<Record<Stamp, number>> = { ...trace.steps, ...change };
    HOPS.forEach(([, from, to], index) => {
      const start = stamps[from];
      const end = stamps[to];
      if (start !== undefined && end !== undefined) durations[index]!.push(end - start);
    });
  }
  if (matched === 0) {
    console.log('  per hop: the server printed no FIGGLE_WRITE_TIMING lines');
    return;
  }
  console.log(`  per hop (${matched} of ${deliveries.changes.length} changes traced), p50 / p99:`);
  const width = Math.max(...HOPS.map(([name]) => name.length));
  HOPS.forEach(([name], index) => {
    const sorted = durations[index]!.sort((x, y) => x - y);
    if (sorted.length === 0) return;
    console.log(
      `    ${name.padEnd(width)}  ${ms(percentile(sorted, 50)).padStart(8)} / ${ms(percentile(sorted, 99)).padStart(8)}`,
    );
  });
}
