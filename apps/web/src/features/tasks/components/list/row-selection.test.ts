import { describe, expect, it } from 'vitest';
import { clickRow, shownSelection } from './row-selection';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('clickRow', () => {
  it('ticks and unticks one row on a plain click', () => {
    const one = clickRow(new Set(), order, null, 'b', false);
    expect([...one]).toEqual(['b']);
    expect([...clickRow(one, order, 'b', 'b', false)]).toEqual([]);
  });

  it('ticks the whole range from the anchor on a Shift-click, either way', () => {
    expect(shownSelection(clickRow(new Set(['b']), order, 'b', 'd', true), order)).toEqual(['b', 'c', 'd']);
    expect(shownSelection(clickRow(new Set(['d']), order, 'd', 'a', true), order)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it("gives the range the anchor's state: after unticking the anchor, a Shift-click unticks", () => {
    const all = new Set(order);
    all.delete('b');
    expect(shownSelection(clickRow(all, order, 'b', 'd', true), order)).toEqual(['a', 'e']);
  });

  it('acts as a plain click when the anchor is no longer shown', () => {
    expect([...clickRow(new Set(), order, 'gone', 'c', true)]).toEqual(['c']);
  });
});

describe('shownSelection', () => {
  it('keeps only the ticked rows still shown, in list order', () => {
    expect(shownSelection(new Set(['e', 'gone', 'a']), order)).toEqual(['a', 'e']);
  });
});
