import { describe, expect, it } from 'vitest';
import { changed, choiceOf, inputFor } from './repeat-choices';

describe('repeat choices', () => {
  // 2026-11-24 is the fourth Tuesday of November.
  const day = '2026-11-24';

  it('build the rule of each choice from the task’s day', () => {
    expect(inputFor('daily', day)).toEqual({ rrule: 'FREQ=DAILY', after_completion: false });
    expect(inputFor('weekly', day)).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=TU', after_completion: false });
    expect(inputFor('monthly_day', day).rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=24');
    expect(inputFor('monthly_nth', day).rrule).toBe('FREQ=MONTHLY;BYDAY=4TU');
    expect(inputFor('monthly_nth', '2026-12-29').rrule).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(inputFor('yearly', day).rrule).toBe('FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=24');
    expect(inputFor('after_completion', day, 3)).toEqual({
      rrule: 'FREQ=DAILY;INTERVAL=3',
      after_completion: true,
    });
  });

  it('read a stored rule back as its choice', () => {
    for (const choice of [
      'daily',
      'weekly',
      'monthly_day',
      'monthly_nth',
      'yearly',
      'after_completion',
    ] as const) {
      const input = inputFor(choice, day);
      expect(choiceOf(input.rrule, input.after_completion ?? false)).toBe(choice);
    }
  });

  it('change the interval or the weekdays and keep the rest', () => {
    expect(changed('FREQ=WEEKLY;BYDAY=TU', false, { interval: 2 }).rrule).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
    );
    expect(changed('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', false, { byDay: ['MO', 'FR'] }).rrule).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR',
    );
  });
});
