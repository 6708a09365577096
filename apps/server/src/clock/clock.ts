/**
 * What time the server thinks it is. Production reads the system clock; a test drives a clock ahead
 * (a digest at 08:00, a two-minute batch) without sleeping. The database stamps rows with its own
 * now(); the job claim adds `aheadMs()` to it, so a driven clock makes later jobs due, and the real
 * clock (0 ahead) leaves the claim exactly as it was.
 */
export interface Clock {
  now(): Date;
  /** How far this clock runs ahead of the real one: 0 outside tests. */
  aheadMs(): number;
}

export const systemClock: Clock = { now: () => new Date(), aheadMs: () => 0 };

export interface DrivenClock extends Clock {
  /** From now on the clock reads `at` and keeps ticking from there. */
  set(at: Date): void;
  advance(ms: number): void;
  /** Back to the real time (between tests: jobs already due stay due). */
  reset(): void;
}

/** A clock a test moves forward; it never runs behind the real one (jobs would wait longer). */
export function drivenClock(): DrivenClock {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    aheadMs: () => ahead,
    set(at) {
      ahead = Math.max(0, at.getTime() - Date.now());
    },
    advance(ms) {
      ahead = Math.max(0, ahead + ms);
    },
    reset() {
      ahead = 0;
    },
  };
}
