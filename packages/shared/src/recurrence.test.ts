import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  formatRecurrence,
  nextDueDay,
  nextOccurrence,
  parseRecurrence,
  RecurrenceError,
} from './recurrence.ts';

const next = (rrule: string, start: string, after: string) =>
  nextOccurrence(parseRecurrence(rrule), start, after);

describe('parseRecurrence', () => {
  it('reads the rules the task page offers', () => {
    expect(parseRecurrence('FREQ=DAILY')).toMatchObject({ freq: 'DAILY', interval: 1 });
    expect(parseRecurrence('RRULE:FREQ=WEEKLY;BYDAY=TH,MO')).toMatchObject({ byDay: ['MO', 'TH'] });
    expect(parseRecurrence('FREQ=MONTHLY;BYDAY=-1FR').byNthDay).toEqual({ nth: -1, day: 'FR' });
    expect(parseRecurrence('freq=yearly;bymonth=3;bymonthday=15')).toMatchObject({
      byMonth: 3,
      byMonthDay: 15,
    });
    expect(parseRecurrence('FREQ=DAILY;UNTIL=20270105T000000Z').until).toBe('2027-01-05');
  });

  it.each([
    ['FREQ=DAILY;COUNT=0', 'COUNT must be at least 1'],
    ['FREQ=SECONDLY', 'at most once a day'],
    ['FREQ=MINUTELY;INTERVAL=5', 'at most once a day'],
    ['FREQ=HOURLY', 'at most once a day'],
    ['FREQ=FORTNIGHTLY', 'unknown'],
    ['INTERVAL=2', 'FREQ is required'],
    ['FREQ=DAILY;INTERVAL=0', 'at least 1'],
    ['FREQ=DAILY;INTERVAL=1000', 'at most 999'],
    ['FREQ=DAILY;BYDAY=MO', 'FREQ=WEEKLY'],
    ['FREQ=WEEKLY;BYDAY=XX', 'not a day of the week'],
    ['FREQ=MONTHLY;BYDAY=5MO', 'nth weekday'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', '1 to 31'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20270101', 'not both'],
    ['FREQ=DAILY;BYHOUR=9', 'not supported'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'twice'],
    ['FREQ=DAILY;UNTIL=20270231', 'real day'],
    ['', 'empty'],
  ])('refuses %s', (rrule, message) => {
    expect(() => parseRecurrence(rrule)).toThrow(RecurrenceError);
    expect(() => parseRecurrence(rrule)).toThrow(message);
  });

  it('writes a rule back in one order', () => {
    expect(formatRecurrence(parseRecurrence('BYDAY=FR,MO;INTERVAL=2;FREQ=WEEKLY'))).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR',
    );
  });
});

describe('nextOccurrence', () => {
  it('daily, every 3 days counted from the first day', () => {
    expect(next('FREQ=DAILY', '2026-11-30', '2026-11-30')).toBe('2026-12-01');
    expect(next('FREQ=DAILY;INTERVAL=3', '2026-11-30', '2026-12-01')).toBe('2026-12-03');
  });

  it('weekly on the first day, on chosen weekdays, every other week', () => {
    // 2026-11-30 is a Monday.
    expect(next('FREQ=WEEKLY', '2026-11-30', '2026-11-30')).toBe('2026-12-07');
    expect(next('FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-30', '2026-11-30')).toBe('2026-12-03');
    expect(next('FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-30', '2026-12-03')).toBe('2026-12-07');
    expect(next('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-11-30', '2026-12-03')).toBe('2026-12-14');
    expect(next('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', '2026-11-30', '2026-11-30')).toBe('2026-12-06');
  });

  it('monthly on a day, the last day, and the nth weekday', () => {
    expect(next('FREQ=MONTHLY', '2026-01-15', '2026-01-15')).toBe('2026-02-15');
    // A day some months lack is skipped, as RFC 5545 says; -1 is the last day of every month.
    expect(next('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-01-31')).toBe('2026-03-31');
    expect(next('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-01-31')).toBe('2026-02-28');
    expect(next('FREQ=MONTHLY;BYDAY=2TU', '2026-11-10', '2026-11-10')).toBe('2026-12-08');
    expect(next('FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27', '2026-11-27')).toBe('2026-12-25');
    expect(next('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', '2026-01-01', '2026-01-01')).toBe('2026-04-01');
  });

  it('yearly, including 29 February', () => {
    expect(next('FREQ=YEARLY', '2026-03-03', '2026-03-03')).toBe('2027-03-03');
    expect(next('FREQ=YEARLY', '2024-02-29', '2024-02-29')).toBe('2028-02-29');
    expect(next('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', '2026-11-26', '2026-11-26')).toBe('2027-11-25');
  });

  it('ends at UNTIL', () => {
    expect(next('FREQ=DAILY;UNTIL=20261201', '2026-11-30', '2026-11-30')).toBe('2026-12-01');
    expect(next('FREQ=DAILY;UNTIL=20261201', '2026-11-30', '2026-12-01')).toBeNull();
  });
});

describe('nextDueDay', () => {
  const weekly = parseRecurrence('FREQ=WEEKLY;BYDAY=MO');
  const series = { startsOn: '2026-11-30', afterCompletion: false, occurrence: 1 };

  it('counts from the later of the due day and the completion day', () => {
    expect(nextDueDay(weekly, series, '2026-11-30', '2026-11-30')).toBe('2026-12-07');
    expect(nextDueDay(weekly, series, '2026-11-30', '2026-11-28')).toBe('2026-12-07');
    expect(nextDueDay(weekly, series, '2026-11-30', '2026-12-16')).toBe('2026-12-21');
    expect(nextDueDay(weekly, series, null, '2026-12-01')).toBe('2026-12-07');
  });

  it('every N days after completion counts from the completion day', () => {
    const rule = parseRecurrence('FREQ=DAILY;INTERVAL=3');
    expect(nextDueDay(rule, { ...series, afterCompletion: true }, '2026-11-30', '2026-12-05')).toBe(
      '2026-12-08',
    );
  });

  it('stops after COUNT occurrences', () => {
    const rule = parseRecurrence('FREQ=WEEKLY;COUNT=2');
    expect(nextDueDay(rule, series, '2026-11-30', '2026-11-30')).toBe('2026-12-07');
    expect(nextDueDay(rule, { ...series, occurrence: 2 }, '2026-12-07', '2026-12-07')).toBeNull();
  });
});

describe('describeRecurrence', () => {
  const words = (rrule: string, start = '2026-11-30', afterCompletion = false) =>
    describeRecurrence(parseRecurrence(rrule), start, afterCompletion);

  it('says it in words', () => {
    expect(words('FREQ=WEEKLY')).toBe('Repeats every Monday');
    expect(words('FREQ=WEEKLY;BYDAY=MO,WE,FR')).toBe('Repeats every Monday, Wednesday and Friday');
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')).toBe('Repeats every 2 weeks on Tuesday');
    expect(words('FREQ=DAILY')).toBe('Repeats every day');
    expect(words('FREQ=MONTHLY;BYDAY=2TU')).toBe('Repeats every month on the second Tuesday');
    expect(words('FREQ=MONTHLY;BYMONTHDAY=-1')).toBe('Repeats every month on the last day');
    expect(words('FREQ=MONTHLY')).toBe('Repeats every month on day 30');
    expect(words('FREQ=YEARLY')).toBe('Repeats every year on 30 November');
    expect(words('FREQ=DAILY;INTERVAL=3', '2026-11-30', true)).toBe('Repeats 3 days after completion');
    expect(words('FREQ=DAILY;COUNT=5')).toBe('Repeats every day, 5 times');
  });
});
