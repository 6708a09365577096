import { describe, expect, it } from 'vitest';
import {
  dayIn,
  daysBetween,
  dueFrom,
  dueSortKey,
  dueState,
  formatDueLong,
  formatDueShort,
  formatLoggedDue,
  localTime,
  markedDueState,
  pickableDays,
  sameDue,
} from './due-date';

const day = (due_on: string) => ({ due_on, due_at: null });
const at = (due_at: string) => ({ due_on: null, due_at });
const none = { due_on: null, due_at: null };

describe('the calendar day of an instant', () => {
  it('depends on the time zone it is read in', () => {
    const instant = new Date('2026-03-05T23:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-05');
    expect(dayIn(instant, 'Europe/Paris')).toBe('2026-03-06');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2026-03-05');
  });

  it('writes years below 1000 with four digits', () => {
    expect(dayIn(Date.parse('0042-07-01T12:00:00Z'), 'UTC')).toBe('0042-07-01');
  });

  it('counts days across months, leap days and years', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-05', '2026-03-01')).toBe(-4);
  });
});

describe('the due marks of a date-only due date', () => {
  // 10:00 in Paris on March 5th.
  const now = new Date('2026-03-05T09:00:00Z');
  const paris = 'Europe/Paris';

  it('is overdue from the day after, not on the day itself', () => {
    expect(dueState(day('2026-03-04'), now, paris)).toBe('overdue');
    expect(dueState(day('2026-03-05'), now, paris)).toBe('soon');
  });

  it('is due soon today, tomorrow and the day after, not three days ahead', () => {
    expect(dueState(day('2026-03-06'), now, paris)).toBe('soon');
    expect(dueState(day('2026-03-07'), now, paris)).toBe('soon');
    expect(dueState(day('2026-03-08'), now, paris)).toBe('later');
  });

  it('follows the viewer’s day: late evening in Los Angeles is already the next day in Paris', () => {
    const evening = new Date('2026-03-05T05:30:00Z'); // 21:30 on March 4th in Los Angeles
    expect(dueState(day('2026-03-04'), evening, 'America/Los_Angeles')).toBe('soon');
    expect(dueState(day('2026-03-04'), evening, paris)).toBe('overdue');
  });

  it('says nothing without a due date', () => {
    expect(dueState(none, now, paris)).toBeNull();
    expect(formatDueShort(none, now, paris)).toBeNull();
    expect(formatDueLong(none, paris)).toBeNull();
  });
});

describe('the due marks of a timed due date', () => {
  const now = new Date('2026-03-05T09:00:00Z');

  it('is overdue as soon as the instant has passed, even on the same day', () => {
    expect(dueState(at('2026-03-05T08:59:00Z'), now, 'UTC')).toBe('overdue');
    expect(dueState(at('2026-03-05T09:01:00Z'), now, 'UTC')).toBe('soon');
  });

  it('is due soon up to the end of the day after tomorrow in the viewer’s zone', () => {
    expect(dueState(at('2026-03-07T23:00:00Z'), now, 'UTC')).toBe('soon');
    expect(dueState(at('2026-03-08T00:30:00Z'), now, 'UTC')).toBe('later');
    // 00:30 UTC on the 8th is still the 7th in New York.
    expect(dueState(at('2026-03-08T00:30:00Z'), now, 'America/New_York')).toBe('soon');
  });
});

describe('the words of a due date', () => {
  const now = new Date('2026-03-05T09:00:00Z');

  it('names close days and leaves out the current year', () => {
    expect(formatDueShort(day('2026-03-05'), now, 'UTC')).toBe('Today');
    expect(formatDueShort(day('2026-03-06'), now, 'UTC')).toBe('Tomorrow');
    expect(formatDueShort(day('2026-03-04'), now, 'UTC')).toBe('Yesterday');
    expect(formatDueShort(day('2026-04-20'), now, 'UTC')).toBe('Apr 20');
    expect(formatDueShort(day('2027-01-02'), now, 'UTC')).toBe('Jan 2, 2027');
  });

  it('shows a date-only due date on the same day in every zone', () => {
    expect(formatDueLong(day('2026-03-05'), 'Pacific/Kiritimati')).toBe('March 5, 2026');
    expect(formatDueLong(day('2026-03-05'), 'Pacific/Pago_Pago')).toBe('March 5, 2026');
  });

  it('shows a timed due date in the viewer’s zone', () => {
    const due = at('2026-03-05T23:30:00Z');
    expect(formatDueLong(due, 'UTC')).toBe('March 5, 2026 at 11:30 PM');
    expect(formatDueLong(due, 'Europe/Paris')).toBe('March 6, 2026 at 12:30 AM');
    expect(formatDueShort(due, now, 'UTC')).toBe('Today 11:30 PM');
    expect(formatDueShort(due, now, 'Europe/Paris')).toBe('Tomorrow 12:30 AM');
  });

  it('words logged values, days and instants alike', () => {
    expect(formatLoggedDue('2026-03-05', 'UTC')).toBe('March 5, 2026');
    expect(formatLoggedDue('2026-03-05T14:00:00.000Z', 'UTC')).toBe('March 5, 2026 at 2:00 PM');
    expect(formatLoggedDue(null, 'UTC')).toBe('none');
  });
});

describe('sorting by due date', () => {
  it('puts earlier dates first, a whole day after its timed tasks, and no date last', () => {
    const tasks = [
      { name: 'none', ...none },
      { name: 'later day', ...day('2026-03-09') },
      // 10:00 on March 5th where the test runs: before the end of that day there.
      { name: 'timed', ...at(new Date(2026, 2, 5, 10, 0).toISOString()) },
      { name: 'day', ...day('2026-03-05') },
      { name: 'earlier', ...day('2026-03-01') },
    ];
    const sorted = [...tasks].sort((a, b) => dueSortKey(a) - dueSortKey(b) || 0).map((task) => task.name);
    expect(sorted).toEqual(['earlier', 'timed', 'day', 'later day', 'none']);
  });
});

describe('a due date from the pickers', () => {
  it('is a day alone without a time, and the instant of the day and time on the viewer’s clock with one', () => {
    expect(dueFrom('2026-03-05', '')).toEqual({ due_on: '2026-03-05', due_at: null });
    const timed = dueFrom('2026-03-05', '14:30');
    expect(timed.due_on).toBeNull();
    expect(timed.due_at).toBe(new Date(2026, 2, 5, 14, 30).toISOString());
    expect(localTime(timed)).toBe('14:30');
    expect(dayIn(new Date(timed.due_at!))).toBe('2026-03-05');
    expect(dueFrom(null, '14:30')).toEqual({ due_on: null, due_at: null });
  });

  it('tells when two due dates say the same, whatever the way the instant is written', () => {
    expect(sameDue(at('2026-03-05T14:30:00Z'), at('2026-03-05T14:30:00.000Z'))).toBe(true);
    expect(sameDue(day('2026-03-05'), at('2026-03-05T00:00:00Z'))).toBe(false);
    expect(sameDue(none, none)).toBe(true);
  });
});

describe('the mark of a finished task', () => {
  it('is none once the task is done or archived, whatever its date', () => {
    const now = new Date('2026-03-05T09:00:00Z');
    expect(markedDueState(day('2026-03-01'), true, now, 'UTC')).toBeNull();
    expect(markedDueState(day('2026-03-01'), false, now, 'UTC')).toBe('overdue');
    expect(markedDueState(day('2026-03-06'), false, now, 'UTC')).toBe('soon');
  });
});

describe('the days the date picker offers', () => {
  it('spans 200 years, the 100 before this one first', () => {
    expect(pickableDays(new Date(2026, 10, 30))).toEqual({ minDate: '1926-01-01', maxDate: '2125-12-31' });
  });
});
