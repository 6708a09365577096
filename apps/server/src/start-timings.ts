/**
 * With FIGGLE_START_TIMINGS=1 the start prints when each of its steps ended, one line each, for
 * bench/start.ts to turn into a breakdown. The time is the wall clock (ms since the epoch) so that
 * steps of `npm start`'s script and of the server process it runs line up on one axis.
 */
const START_TIMING_PREFIX = 'FIGGLE_START_TIMING ';

const printing = process.env.FIGGLE_START_TIMINGS === '1';

function print(step: string, at: number): void {
  if (printing)
    console.log(`${START_TIMING_PREFIX}${JSON.stringify({ step, at: Math.round(at * 10) / 10 })}`);
}

/** The moment this process was started (before Node loaded any code). */
print('server process started', performance.timeOrigin);

/** Notes that a step of the start ended now. */
export function markStartStep(step: string): void {
  print(step, performance.timeOrigin + performance.now());
}
