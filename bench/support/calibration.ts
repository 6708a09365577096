import { createHash } from 'node:crypto';
import os from 'node:os';

/**
 * A fixed CPU workload timed on this machine, printed beside every figure of `npm run bench`: two
 * machines of one kind differ 3–4× in speed, so an absolute target met on one may be missed on the
 * other. Comparing the calibration of two runs tells whether a figure moved or the machine did.
 * The work is what a server and a browser spend their time on: hashing, sorting, and JSON.
 */
function fixedWorkload(): number {
  const buffer = Buffer.alloc(4 * 1024 * 1024, 7);
  let digest = '';
  for (let round = 0; round < 8; round++)
    digest = createHash('sha256').update(buffer).update(digest).digest('hex');
  // A pseudo-random sequence of its own, so every run sorts the same numbers.
  let seed = 42;
  const numbers = Array.from({ length: 200_000 }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  });
  numbers.sort((a, b) => a - b);
  const rows = Array.from({ length: 20_000 }, (_, index) => ({
    id: index,
    title: `Task ${index}`,
    done: index % 3 === 0,
  }));
  const parsed = JSON.parse(JSON.stringify(rows)) as unknown[];
  return digest.length + (numbers[0] ?? 0) + parsed.length;
}

export interface Calibration {
  /** Median time of the fixed workload, in milliseconds. */
  ms: number;
  /** The 1-minute load average when it was taken. */
  load: number;
}

/** Times the fixed workload five times (after one warm-up) and answers the median. */
export function calibrate(): Calibration {
  fixedWorkload();
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    fixedWorkload();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[2]!, load: os.loadavg()[0]! };
}

/** How a calibration reads in the table: "152 ms, load 0.8". */
export function describeCalibration({ ms, load }: Calibration): string {
  return `${ms.toFixed(0)} ms, load ${load.toFixed(1)}`;
}
