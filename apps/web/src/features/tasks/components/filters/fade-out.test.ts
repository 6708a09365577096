import { describe, expect, it } from 'vitest';
import { tasksThatLeft, withLeaving } from './fade-out';

const a = { task_id: 'a', title: 'A' };
const b = { task_id: 'b', title: 'B' };
const c = { task_id: 'c', title: 'C' };

describe('tasks fading out of a filtered view', () => {
  it('names the tasks shown before and not now, in the version shown', () => {
    const before = new Map([
      ['a', a],
      ['b', b],
    ]);
    expect(tasksThatLeft(before, [a, { ...c }], true)).toEqual([b]);
    expect(tasksThatLeft(before, [a, b, c], true)).toEqual([]);
  });

  it('names none when the filters themselves changed: that view shows at once', () => {
    const before = new Map([
      ['a', a],
      ['b', b],
    ]);
    expect(tasksThatLeft(before, [a], false)).toEqual([]);
  });

  it('draws the matching tasks, then those fading that did not come back', () => {
    const matching = [a];
    expect(withLeaving(matching, new Map())).toBe(matching);
    expect(
      withLeaving(
        matching,
        new Map([
          ['b', b],
          ['a', { ...a, title: 'old A' }],
        ]),
      ),
    ).toEqual([a, b]);
  });
});
