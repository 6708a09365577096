import { describe, expect, it } from 'vitest';
import { reasonWords } from './remarkable-reasons';

const now = new Date('2026-11-25T15:00:00.000Z');

describe('why a task is remarkable', () => {
  it('says how late an overdue task is, in days on the viewer’s calendar', () => {
    expect(reasonWords({ kind: 'OVERDUE', due_on: '2026-11-22', due_at: null }, now, 'UTC')).toBe(
      'Overdue by 3 days',
    );
    expect(reasonWords({ kind: 'OVERDUE', due_on: '2026-11-24', due_at: null }, now, 'UTC')).toBe(
      'Overdue by 1 day',
    );
    expect(
      reasonWords({ kind: 'OVERDUE', due_on: null, due_at: '2026-11-25T13:30:00.000Z' }, now, 'UTC'),
    ).toBe('Overdue since 1:30 PM');
    // 04:30 UTC on the 25th is late on the 24th in New York: a day late there, the same day in UTC.
    const lateEvening = { kind: 'OVERDUE' as const, due_on: null, due_at: '2026-11-25T04:30:00.000Z' };
    expect(reasonWords(lateEvening, now, 'America/New_York')).toBe('Overdue by 1 day');
    expect(reasonWords(lateEvening, now, 'UTC')).toBe('Overdue since 4:30 AM');
  });

  it('says how long a task has been in Doing, and how much it was discussed', () => {
    expect(reasonWords({ kind: 'DOING_TOO_LONG', since: '2026-11-16T10:00:00.000Z' }, now)).toBe(
      'In Doing for 9 days',
    );
    expect(reasonWords({ kind: 'MOST_COMMENTED', comments: 4 }, now)).toBe('4 comments in the last 7 days');
  });
});
