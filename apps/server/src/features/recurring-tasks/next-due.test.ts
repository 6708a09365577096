// @database pglite
import { describe, expect, it } from 'vitest';
import { nextDueOf } from './next-due.ts';

const weekly = { rrule: 'FREQ=WEEKLY', after_completion: false, occurrence: 1 };

describe('the next due date of a repeating task', () => {
  it('keeps 09:00 in Paris across the change to summer time', () => {
    // Monday 23 March 2026, 09:00 in Paris (UTC+1); clocks move to UTC+2 on Sunday 29 March.
    const series = { ...weekly, starts_on: '2026-03-23', time_zone: 'Europe/Paris' };
    const task = { due_on: null, due_at: new Date('2026-03-23T08:00:00Z') };
    expect(nextDueOf(series, task, new Date('2026-03-23T10:00:00Z'))).toEqual({
      dueOn: null,
      dueAt: '2026-03-30T07:00:00.000Z',
    });
  });

  it('keeps 09:00 in New York across the change back to winter time', () => {
    const series = { ...weekly, starts_on: '2026-10-26', time_zone: 'America/New_York' };
    const task = { due_on: null, due_at: new Date('2026-10-26T13:00:00Z') };
    expect(nextDueOf(series, task, new Date('2026-10-26T15:00:00Z'))?.dueAt).toBe('2026-11-02T14:00:00.000Z');
  });

  it('counts the completion day in the organization’s zone', () => {
    // 23:30 UTC on Monday 30 November is already Tuesday 1 December in Paris.
    const every2 = {
      rrule: 'FREQ=DAILY;INTERVAL=2',
      after_completion: true,
      occurrence: 1,
      starts_on: '2026-11-30',
    };
    const completedAt = new Date('2026-11-30T23:30:00Z');
    const task = { due_on: '2026-11-30', due_at: null };
    expect(nextDueOf({ ...every2, time_zone: 'UTC' }, task, completedAt)).toEqual({
      dueOn: '2026-12-02',
      dueAt: null,
    });
    expect(nextDueOf({ ...every2, time_zone: 'Europe/Paris' }, task, completedAt)).toEqual({
      dueOn: '2026-12-03',
      dueAt: null,
    });
  });

  it('is null once COUNT is reached', () => {
    const series = {
      ...weekly,
      rrule: 'FREQ=WEEKLY;COUNT=3',
      occurrence: 3,
      starts_on: '2026-11-30',
      time_zone: 'UTC',
    };
    expect(
      nextDueOf(series, { due_on: '2026-12-14', due_at: null }, new Date('2026-12-14T10:00:00Z')),
    ).toBeNull();
  });
});
