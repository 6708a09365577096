import { describe, expect, it } from 'vitest';
import { columnStep, placeInColumn } from './board-keyboard';

const ORDER = ['TODO', 'DOING', 'REVIEW', 'DONE'];

describe('a card moved by keyboard', () => {
  it('goes left and right by the columns’ order, and stays at either end', () => {
    expect(columnStep(ORDER, 'TODO', 'ArrowRight')).toBe('DOING');
    expect(columnStep(ORDER, 'DOING', 'ArrowRight')).toBe('REVIEW');
    expect(columnStep(ORDER, 'REVIEW', 'ArrowLeft')).toBe('DOING');
    expect(columnStep(ORDER, 'DONE', 'ArrowRight')).toBeNull();
    expect(columnStep(ORDER, 'TODO', 'ArrowLeft')).toBeNull();
    expect(columnStep(ORDER, 'TODO', 'ArrowDown')).toBeNull();
    expect(columnStep(ORDER, null, 'ArrowRight')).toBeNull();
    expect(columnStep(ORDER, 'GONE', 'ArrowRight')).toBeNull();
  });

  it('lands inside the next column’s box whatever the card’s height, not on its edge', () => {
    const card = { top: 300, left: 16, width: 240, height: 90 };
    // The column to the right starts 2 px before the card's own right edge (its placeholder).
    const column = { top: 120, left: 254, width: 260, height: 600 };
    expect(placeInColumn(card, column)).toEqual({ x: 264, y: 300 });
    // A short column: the card is put within it, not below it.
    expect(placeInColumn(card, { ...column, height: 64 })).toEqual({ x: 264, y: 120 });
    // Above the column's top: brought down to it.
    expect(placeInColumn({ ...card, top: 40 }, column)).toEqual({ x: 264, y: 120 });
  });
});
