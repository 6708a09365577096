import type { CycleView } from '@figgle/shared/cycle-schemas';
import { describe, expect, it } from 'vitest';
import { cycleChoices, NO_CYCLE } from './cycle-choices';

function cycle(number: number, state: CycleView['state'], name: string | null = null): CycleView {
  const start = `2026-12-0${number}`;
  return { cycle_id: `c${number}`, number, name, start_date: start, end_date: start, state } as CycleView;
}

describe('cycleChoices', () => {
  // The server lists cycles newest first.
  const cycles = [cycle(4, 'next'), cycle(3, 'next', 'Launch'), cycle(2, 'current'), cycle(1, 'past')];

  it('offers None, then the current and the next cycles, oldest first', () => {
    expect(cycleChoices(cycles, null)).toEqual([
      { value: NO_CYCLE, label: 'None' },
      { value: 'c2', label: 'Cycle 2 (current) · 2 Dec – 2 Dec' },
      { value: 'c3', label: 'Cycle 3 · Launch · 3 Dec – 3 Dec' },
      { value: 'c4', label: 'Cycle 4 · 4 Dec – 4 Dec' },
    ]);
  });

  it("keeps a past cycle only when it is the task's own", () => {
    expect(cycleChoices(cycles, 'c1').map((choice) => choice.value)).toEqual([
      NO_CYCLE,
      'c1',
      'c2',
      'c3',
      'c4',
    ]);
  });
});
