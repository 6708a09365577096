// @database pglite
import { describe, expect, it } from 'vitest';
import { dayIn, instantAt, isTimeZone, wallClockAt } from './zoned-time.ts';

describe('zoned time', () => {
  it('knows IANA names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('reads the day and the wall clock in a zone', () => {
    const instant = new Date('2026-11-30T23:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-30');
    expect(dayIn(instant, 'Europe/Paris')).toBe('2026-12-01');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-11-30');
    expect(wallClockAt(instant, 'Asia/Tokyo')).toEqual({ day: '2026-12-01', time: '08:30:00.000' });
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    // Paris: UTC+1 in winter, UTC+2 from 29 March 2026.
    expect(instantAt('2026-03-23', '09:00:00.000', 'Europe/Paris').toISOString()).toBe(
      '2026-03-23T08:00:00.000Z',
    );
    expect(instantAt('2026-03-30', '09:00:00.000', 'Europe/Paris').toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    // New York: back to UTC-5 on 1 November 2026.
    expect(instantAt('2026-10-26', '09:00:00.000', 'America/New_York').toISOString()).toBe(
      '2026-10-26T13:00:00.000Z',
    );
    expect(instantAt('2026-11-02', '09:00:00.000', 'America/New_York').toISOString()).toBe(
      '2026-11-02T14:00:00.000Z',
    );
  });

  it('moves a skipped time past the change and takes the first of a doubled one', () => {
    expect(instantAt('2026-03-29', '02:30:00.000', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(wallClockAt(new Date('2026-03-29T01:30:00.000Z'), 'Europe/Paris').time).toBe('03:30:00.000');
    expect(instantAt('2026-10-25', '02:30:00.000', 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
