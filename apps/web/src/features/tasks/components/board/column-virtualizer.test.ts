import { describe, expect, it } from 'vitest';
import { estimateCardHeight } from './column-virtualizer';

describe("a card's height before it is measured", () => {
  it('is a one-line card, plus a line for a due date and one for labels', () => {
    const plain = estimateCardHeight({ due_on: null, due_at: null, labels: [] });
    expect(estimateCardHeight(undefined)).toBe(plain);
    const dated = estimateCardHeight({ due_on: '2031-05-01', due_at: null, labels: [] });
    const timed = estimateCardHeight({ due_on: null, due_at: '2031-05-01T09:30:00Z', labels: [] });
    const labelled = estimateCardHeight({ due_on: null, due_at: null, labels: [{ name: 'Bug' }] });
    const both = estimateCardHeight({ due_on: '2031-05-01', due_at: null, labels: [{ name: 'Bug' }] });
    expect(dated).toBeGreaterThan(plain);
    expect(timed).toBe(dated);
    expect(labelled).toBeGreaterThan(plain);
    expect(both - plain).toBe(dated - plain + (labelled - plain));
  });
});
