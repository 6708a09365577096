import { describe, expect, it } from 'vitest';
import { cycleDates, cycleLogWords, cycleName } from './cycle-words.ts';

describe('cycle words', () => {
  it('name a cycle by number and name, and its days', () => {
    expect(cycleName({ number: 3, name: null })).toBe('Cycle 3');
    expect(cycleName({ number: 3, name: 'Launch' })).toBe('Cycle 3 · Launch');
    expect(cycleDates({ start_date: '2026-11-30', end_date: '2026-12-13' })).toBe('30 Nov – 13 Dec');
  });

  it('say what a change of cycle did, and that the rollover did it', () => {
    const one = { number: 1, name: null };
    const two = { number: 2, name: null };
    expect(cycleLogWords({ old: null, new: one })).toBe('planned the task in Cycle 1');
    expect(cycleLogWords({ old: one, new: null })).toBe('took the task out of Cycle 1');
    expect(cycleLogWords({ old: one, new: two })).toBe('moved the task from Cycle 1 to Cycle 2');
    expect(cycleLogWords({ old: one, new: two }, true)).toBe(
      'moved the task from Cycle 1, which ended, to Cycle 2',
    );
  });
});
