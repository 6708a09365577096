// @database pglite
import { describe, expect, it } from 'vitest';
import { nextDigestTime } from './digest-time.ts';

describe('the next 08:00 of a time zone', () => {
  it('is later today before 08:00 and tomorrow after it', () => {
    expect(nextDigestTime('Europe/Paris', new Date('2026-06-10T05:00:00Z'))).toEqual({
      at: new Date('2026-06-10T06:00:00Z'),
      localDate: '2026-06-10',
    });
    expect(nextDigestTime('Europe/Paris', new Date('2026-06-10T06:00:00Z'))).toEqual({
      at: new Date('2026-06-11T06:00:00Z'),
      localDate: '2026-06-11',
    });
  });

  it('follows the zone across a date line, a month end and a clock change', () => {
    expect(nextDigestTime('Pacific/Auckland', new Date('2026-01-31T20:00:00Z'))).toEqual({
      at: new Date('2026-02-01T19:00:00Z'),
      localDate: '2026-02-02',
    });
    expect(nextDigestTime('America/New_York', new Date('2026-03-07T14:00:00Z'))).toEqual({
      at: new Date('2026-03-08T12:00:00Z'),
      localDate: '2026-03-08',
    });
    expect(nextDigestTime('UTC', new Date('2026-12-31T09:00:00Z')).localDate).toBe('2027-01-01');
  });
});
