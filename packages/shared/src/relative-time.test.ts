import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2024-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
const ahead = (ms: number) => relativeTime(new Date(now.getTime() + ms), now);

describe('relativeTime in the past', () => {
  it.each([
    [44 * SECOND, 'a few seconds ago'],
    [44.4 * SECOND, 'a few seconds ago'],
    [45 * SECOND, 'a minute ago'],
    [89 * SECOND, 'a minute ago'],
    [90 * SECOND, '2 minutes ago'],
    [44 * MINUTE, '44 minutes ago'],
    [44 * MINUTE + 29 * SECOND, '44 minutes ago'],
    [44 * MINUTE + 30 * SECOND, 'an hour ago'],
    [45 * MINUTE, 'an hour ago'],
    [89 * MINUTE, 'an hour ago'],
    [90 * MINUTE, '2 hours ago'],
    [21 * HOUR, '21 hours ago'],
    [22 * HOUR, 'a day ago'],
    [35 * HOUR, 'a day ago'],
    [36 * HOUR, '2 days ago'],
    [25 * DAY, '25 days ago'],
    [26 * DAY, 'a month ago'],
    [45 * DAY, 'a month ago'],
    [46 * DAY, '2 months ago'],
    [10 * 30.44 * DAY, '10 months ago'],
    [320 * DAY, 'a year ago'],
    [17 * 30.44 * DAY, 'a year ago'],
    [18 * 30.44 * DAY, '2 years ago'],
    [5 * 365.25 * DAY, '5 years ago'],
  ])('%d ms ago reads "%s"', (ms, expected) => {
    expect(ago(ms)).toBe(expected);
  });
});

describe('relativeTime at or just after the clock', () => {
  // Something just done, dated by a server a little ahead, or shown by a clock refreshed every 30 s.
  it.each([0, 1 * SECOND, 29 * SECOND, 44 * SECOND])('%d ms ahead reads "just now"', (ms) => {
    expect(ahead(ms)).toBe('just now');
  });
});

describe('relativeTime in the future', () => {
  it.each([
    [50 * SECOND, 'in a minute'],
    [60 * SECOND, 'in a minute'],
    [10 * MINUTE, 'in 10 minutes'],
    [1 * HOUR, 'in an hour'],
    [5 * HOUR, 'in 5 hours'],
    [1 * DAY, 'in a day'],
    [3 * DAY, 'in 3 days'],
    [30 * DAY, 'in a month'],
    [90 * DAY, 'in 3 months'],
    [365 * DAY, 'in a year'],
    [3 * 365 * DAY, 'in 3 years'],
  ])('%d ms ahead reads "%s"', (ms, expected) => {
    expect(ahead(ms)).toBe(expected);
  });
});

describe('relativeTime inputs', () => {
  it('accepts ISO strings and epoch milliseconds as well as dates', () => {
    expect(relativeTime('2024-06-15T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime(now.getTime() - 3 * HOUR, now)).toBe('3 hours ago');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(relativeTime('not a date', now)).toBe('');
    expect(relativeTime(Number.NaN, now)).toBe('');
  });

  it('measures against the current time by default', () => {
    expect(relativeTime(new Date(Date.now() - 10 * MINUTE))).toBe('10 minutes ago');
  });
});
