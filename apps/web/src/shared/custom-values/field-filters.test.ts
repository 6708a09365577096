import { describe, expect, it } from 'vitest';
import { fieldFiltersFrom, searchWithFieldFilters } from './field-filters';

const FIELD = '0b9a3c3e-1f1a-4c5e-9d7e-2a2b3c4d5e6f';
const OPTION = '7d1e2f3a-4b5c-4d6e-8f9a-0b1c2d3e4f5a';

describe('custom field filters in the address', () => {
  it('reads field:value pairs and leaves out what cannot be one', () => {
    const params = new URLSearchParams(
      `field=${FIELD}:${OPTION},${FIELD}:none,${FIELD}:bogus,nope:yes&q=logo`,
    );
    expect([...fieldFiltersFrom(params)]).toEqual([[FIELD, [OPTION, 'none']]]);
  });

  it('writes them back in one parameter and keeps the others', () => {
    const next = searchWithFieldFilters(new URLSearchParams('q=logo&field=old'), new Map([[FIELD, ['yes']]]));
    expect(next.get('q')).toBe('logo');
    expect(next.get('field')).toBe(`${FIELD}:yes`);
    expect(searchWithFieldFilters(next, new Map()).has('field')).toBe(false);
  });

  it('keeps conditions on text, numbers and days, escaping what would split them', () => {
    const filters = new Map([[FIELD, ['>5', '~a,b:c%', 'any']]]);
    const written = searchWithFieldFilters(new URLSearchParams(), filters);
    expect([...fieldFiltersFrom(written)]).toEqual([[FIELD, ['>5', '~a,b:c%', 'any']]]);
    const typed = new URLSearchParams(`field=${FIELD}:2..8,${FIELD}:<2026-03-01,${FIELD}:>abc`);
    expect([...fieldFiltersFrom(typed)]).toEqual([[FIELD, ['2..8', '<2026-03-01']]]);
  });
});
