// @database pglite
import { describe, expect, it } from 'vitest';
import { markText, snippet } from './marks.ts';
import { decodeCursor, encodeCursor, readSearchText, toTsquery } from './search-text.ts';

describe('readSearchText', () => {
  it('keeps only runs of letters and digits, each once', () => {
    expect(readSearchText(`  Check-out & !pay:* ("now") \\ 100% a_b 'x' check-out`).words).toEqual([
      'Check',
      'out',
      'pay',
      'now',
      '100',
      'a',
      'b',
      'x',
    ]);
    expect(readSearchText('&|!:*()\'"\\%_').words).toEqual([]);
    expect(readSearchText('🚀 \uFE0F').words).toEqual([]);
  });

  it('reads a reference typed whole', () => {
    expect(readSearchText('che-12').reference).toEqual({ code: 'CHE', number: 12 });
    expect(readSearchText(' #7 ').reference).toEqual({ code: null, number: 7 });
    expect(readSearchText('CHE-12 login').reference).toBeNull();
    expect(readSearchText('#0').reference).toBeNull();
  });
});

describe('toTsquery', () => {
  it('quotes every lexeme and makes words of two letters or more prefixes', () => {
    expect(
      toTsquery([
        { lexemes: ['chekout'], alternatives: ['checkout'] },
        { lexemes: ['a'], alternatives: [] },
        { lexemes: ["it's", 'back\\slash'], alternatives: [] },
        { lexemes: [], alternatives: [] },
      ]),
    ).toBe(`('chekout':* | 'checkout') & ('a') & ('it''s':* & 'back\\\\slash':*)`);
    expect(toTsquery([{ lexemes: [], alternatives: [] }])).toBeNull();
  });
});

describe('marks', () => {
  const terms = { prefixes: ['chec', 'creme'], words: ['basket'] };

  it('marks whole words that begin with a term or are a typo’s word, accents ignored', () => {
    const marked = markText('Checkout: Crème brûlée, baskets and basket', terms);
    expect(marked.marks.map(([from, to]) => marked.text.slice(from, to))).toEqual([
      'Checkout',
      'Crème',
      'basket',
    ]);
  });

  it('cuts a long text around the first match, between words', () => {
    const text = `${'lorem '.repeat(40)}the checkout fails ${'ipsum '.repeat(60)}`;
    const cut = snippet(text, terms)!;
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(205);
    expect(cut.marks.map(([from, to]) => cut.text.slice(from, to))).toEqual(['checkout']);
    expect(snippet('nothing here', terms)).toBeNull();
  });
});

describe('cursors', () => {
  it('round-trips and refuses anything else', () => {
    const cursor = {
      k: 'task' as const,
      p: 2 as const,
      a: '2026-01-02T03:04:05.123456Z',
      i: crypto.randomUUID(),
    };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(() => decodeCursor('not json')).toThrow(/cursor/);
    expect(() => decodeCursor(Buffer.from('{"k":"task","p":3}').toString('base64url'))).toThrow(/cursor/);
  });
});
