import { describe, expect, it } from 'vitest';
import { initials } from './avatar.ts';

describe('initials', () => {
  it('takes the first letter of each name in upper case', () => {
    expect(initials('Ada', 'Lovelace')).toBe('AL');
    expect(initials('grace', 'hopper')).toBe('GH');
  });

  it("puts '.' where a name is missing or empty", () => {
    expect(initials('Ada', null)).toBe('A.');
    expect(initials(null, 'Lovelace')).toBe('.L');
    expect(initials(undefined, undefined)).toBe('..');
    expect(initials('', '')).toBe('..');
  });

  it('ignores surrounding spaces and treats a blank name as missing', () => {
    expect(initials('  ada ', '   ')).toBe('A.');
  });

  it('keeps accented and astral first characters whole', () => {
    expect(initials('élodie', 'øvergaard')).toBe('ÉØ');
    expect(initials('𝒜lice', 'Bob')).toBe('𝒜B');
  });
});
