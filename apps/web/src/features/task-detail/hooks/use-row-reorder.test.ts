import { describe, expect, it } from 'vitest';
import { type Lift, shiftOf } from './use-row-reorder';

// Four rows of 40 px, 6 px apart: tops 0, 46, 92, 138.
const rows = { tops: [0, 46, 92, 138], heights: [40, 40, 40, 40], gap: 6 };
const lift = (from: number, to: number, by: Lift['by'] = 'keyboard', dy = 0): Lift => ({
  id: 'a',
  from,
  to,
  by,
  dy,
  ...rows,
});

describe('shiftOf', () => {
  it('moves nothing when no row is carried', () => {
    expect([0, 1, 2, 3].map((index) => shiftOf(null, index))).toEqual([0, 0, 0, 0]);
  });

  it('carried down two places by keyboard: the row goes to the third place, the two passed go up', () => {
    expect([0, 1, 2, 3].map((index) => shiftOf(lift(0, 2), index))).toEqual([92, -46, -46, 0]);
  });

  it('carried up by keyboard: the rows passed go down by the carried row and the gap', () => {
    expect([0, 1, 2, 3].map((index) => shiftOf(lift(3, 1), index))).toEqual([0, 46, 46, -92]);
  });

  it('carried by the pointer: the row follows the pointer, the others make room', () => {
    expect([0, 1, 2, 3].map((index) => shiftOf(lift(1, 2, 'pointer', 57), index))).toEqual([0, 57, -46, 0]);
  });
});
