import { describe, expect, it } from 'vitest';
import {
  conditionMatches,
  escapeFilterToken,
  isCondition,
  readDayBounds,
  readFieldFilters,
  readNumberBounds,
  tokenFitsField,
} from './custom-field-filters.ts';

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

describe('the field parameter', () => {
  const FIELD = '0b9a3c3e-1f1a-4c5e-9d7e-2a2b3c4d5e6f';
  const OPTION = '7d1e2f3a-4b5c-4d6e-8f9a-0b1c2d3e4f5a';

  it('reads pairs leniently for an address, strictly for the server', () => {
    const values = [`${FIELD}:${OPTION},${FIELD}:none`, `${FIELD}:${escapeFilterToken('~a,b:c')},bogus`];
    expect([...readFieldFilters(values, { strict: false })!]).toEqual([[FIELD, [OPTION, 'none', '~a,b:c']]]);
    expect(readFieldFilters(values, { strict: true })).toBeNull();
    expect(readFieldFilters([`${FIELD}:>5`], { strict: true })?.get(FIELD)).toEqual(['>5']);
  });

  it('tells which values fit which kind of field', () => {
    const select = { kind: 'single_select' as const, options: [{ option_id: OPTION }] };
    expect(tokenFitsField(select, OPTION)).toBe(true);
    expect(tokenFitsField(select, FIELD)).toBe(false);
    expect(tokenFitsField(select, 'none')).toBe(true);
    expect(tokenFitsField({ kind: 'checkbox' }, 'yes')).toBe(true);
    expect(tokenFitsField({ kind: 'checkbox' }, 'any')).toBe(false);
    expect(tokenFitsField({ kind: 'person' }, FIELD)).toBe(true);
    expect(tokenFitsField({ kind: 'number' }, '2..8')).toBe(true);
    expect(tokenFitsField({ kind: 'number' }, '~2')).toBe(false);
    expect(tokenFitsField({ kind: 'text' }, '~2')).toBe(true);
    expect(tokenFitsField({ kind: 'date' }, '<2026-02-30')).toBe(false);
  });
});
