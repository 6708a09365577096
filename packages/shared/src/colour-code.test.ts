import { describe, expect, it } from 'vitest';
import { COLOUR_CODE_COUNT, colourCodeFromId, DEFAULT_COLOUR_CODE } from './colour-code.ts';

describe('colourCodeFromId', () => {
  it('uses the hex digit fourth from the end, modulo 6', () => {
    // fourth from the end of ...a1b2 is 'a' = 10, 10 % 6 = 4
    expect(colourCodeFromId('123e4567-e89b-12d3-a456-426614a1b2')).toBe(4);
    expect(colourCodeFromId('0000')).toBe(0);
    expect(colourCodeFromId('5xyz')).toBe(5);
    expect(colourCodeFromId('6xyz')).toBe(0);
    expect(colourCodeFromId('Fxyz')).toBe(3); // 15 % 6
    expect(colourCodeFromId('fxyz')).toBe(3);
  });

  it('maps every hex digit into 0..5', () => {
    const codes = [...'0123456789abcdef'].map((digit) => colourCodeFromId(`${digit}abc`));
    expect(codes).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3]);
    expect(Math.max(...codes)).toBe(COLOUR_CODE_COUNT - 1);
  });

  it('works on real UUIDs', () => {
    const code = colourCodeFromId('550e8400-e29b-41d4-a716-446655440000');
    expect(code).toBe(0x0 % 6);
  });

  it('accepts numeric ids', () => {
    expect(colourCodeFromId(123456)).toBe(3);
  });

  it('defaults to 2 when the character is missing or not hex', () => {
    expect(DEFAULT_COLOUR_CODE).toBe(2);
    for (const id of [null, undefined, '', 'abc', 'gxyz', '-abc', 'é123']) {
      expect(colourCodeFromId(id)).toBe(2);
    }
  });
});
