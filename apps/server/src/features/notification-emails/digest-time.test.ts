// @database pglite
import { describe, expect, it } from 'vitest';
import { nextDigestTime } from './digest-time.ts';

/** The next 08:00 after the instant `now` in `zone`. */
const after = (zone: string, now: string) => nextDigestTime(zone, new Date(now));
/** What it answers: that instant, and the day it is there. */
const eightOClock = (at: string, localDate: string) => ({ at: new Date(at), localDate });

describe('the next 08:00 of a time zone', () => {
  it('is later today before 08:00 and tomorrow after it', () => {
    expect(after('Europe/Paris', '2026-06-10T05:00:00Z')).toEqual(
      eightOClock('2026-06-10T06:00:00Z', '2026-06-10'),
    );
    expect(after('Europe/Paris', '2026-06-10T06:00:00Z')).toEqual(
      eightOClock('2026-06-11T06:00:00Z', '2026-06-11'),
    );
  });

  it('follows the zone across a date line, a month end and a clock change', () => {
    expect(after('Pacific/Auckland', '2026-01-31T20:00:00Z')).toEqual(
      eightOClock('2026-02-01T19:00:00Z', '2026-02-02'),
    );
    expect(after('America/New_York', '2026-03-07T14:00:00Z')).toEqual(
      eightOClock('2026-03-08T12:00:00Z', '2026-03-08'),
    );
    expect(after('UTC', '2026-12-31T09:00:00Z').localDate).toBe('2027-01-01');
  });
});
