import { describe, expect, it } from 'vitest';
import { conditionMatches, isCondition, readDayBounds, readNumberBounds } from './custom-field-filters.ts';

describe('custom field conditions', () => {
  it('read numbers: equal, less, more, at least, at most, a range', () => {
    expect(readNumberBounds('5')).toEqual({ low: 5, lowIncluded: true, high: 5, highIncluded: true });
    expect(readNumberBounds('<5')).toEqual({ low: null, lowIncluded: false, high: 5, highIncluded: false });
    expect(readNumberBounds('>=-1.5')).toEqual({
      low: -1.5,
      lowIncluded: true,
      high: null,
      highIncluded: false,
    });
    expect(readNumberBounds('1.5..8')).toEqual({ low: 1.5, lowIncluded: true, high: 8, highIncluded: true });
    for (const bad of ['abc', '>abc', '1..x', '', '<>5', '5e3', 'Infinity'])
      expect(readNumberBounds(bad), bad).toBeNull();
  });

  it('read days and refuse days that do not exist', () => {
    expect(readDayBounds('<2026-03-01')?.high).toBe('2026-03-01');
    expect(readDayBounds('2026-02-01..2026-02-28')).toMatchObject({ low: '2026-02-01', high: '2026-02-28' });
    expect(readDayBounds('2026-02-30')).toBeNull();
    expect(readDayBounds('soon')).toBeNull();
  });

  it('match values of each kind', () => {
    expect(conditionMatches('number', 13, '>5')).toBe(true);
    expect(conditionMatches('number', 5, '>5')).toBe(false);
    expect(conditionMatches('number', 5, '>=5')).toBe(true);
    expect(conditionMatches('number', null, '>5')).toBe(false);
    expect(conditionMatches('date', '2026-02-27', '<2026-03-01')).toBe(true);
    expect(conditionMatches('date', '2026-03-01', '2026-03-01')).toBe(true);
    expect(conditionMatches('url', 'https://www.Figma.com/x', '~figma')).toBe(true);
    expect(conditionMatches('text', 'Ship it', '~android')).toBe(false);
    expect(conditionMatches('text', undefined, 'none')).toBe(true);
    expect(conditionMatches('text', 'x', 'any')).toBe(true);
    expect(isCondition('number', '~x')).toBe(false);
    expect(isCondition('text', '~')).toBe(false);
  });
});
