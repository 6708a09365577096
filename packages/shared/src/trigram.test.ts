import { describe, expect, it } from 'vitest';
import { trigramSchema } from './project-schemas.ts';
import { isValidTrigram, TRIGRAM_MESSAGE, trigramFromName } from './trigram.ts';

describe('isValidTrigram', () => {
  it('accepts exactly three ASCII letters or digits, any case', () => {
    for (const good of ['ABC', 'abc', 'A1b', '007', 'Zz9']) expect(isValidTrigram(good)).toBe(true);
  });

  it('rejects other lengths, punctuation, spaces and non-ASCII letters', () => {
    for (const bad of ['', 'AB', 'ABCD', 'A C', 'AB-', 'AB_', 'ÉCL', 'AB\n', ' AB', 'A.B']) {
      expect(isValidTrigram(bad)).toBe(false);
    }
  });

  it('rejects values that are not strings', () => {
    for (const bad of [null, undefined, 123, ['A', 'B', 'C']]) expect(isValidTrigram(bad)).toBe(false);
  });
});

describe('trigramSchema', () => {
  it('passes a valid trigram through unchanged', () => {
    expect(trigramSchema.parse('aB3')).toBe('aB3');
  });

  it('explains the rule when the value is wrong', () => {
    for (const bad of ['AB', 'ABCD', 'A-B', 42, null]) {
      const result = trigramSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TRIGRAM_MESSAGE);
    }
  });

  it('uses the message of the add-project form', () => {
    expect(TRIGRAM_MESSAGE).toBe('The trigram must be exactly 3 letters or digits.');
  });
});

describe('trigramFromName', () => {
  it('takes the first three letters or digits in upper case, skipping spaces and punctuation', () => {
    expect(trigramFromName('figgle')).toBe('FIG');
    expect(trigramFromName('a b-c d')).toBe('ABC');
    expect(trigramFromName('R2-D2 droid')).toBe('R2D');
    expect(trigramFromName('  ...x')).toBe('X');
  });

  it('drops accents and anything that has no ASCII form', () => {
    expect(trigramFromName('Éclair')).toBe('ECL');
    expect(trigramFromName('日本 app')).toBe('APP');
    expect(trigramFromName('🦊 Fox')).toBe('FOX');
  });
});
