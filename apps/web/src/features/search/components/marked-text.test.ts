import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markSegments } from './mark-segments';
import { MarkedText } from './marked-text';

const html = (text: string, marks: Array<[number, number]>) =>
  renderToStaticMarkup(createElement(MarkedText, { value: { text, marks } }))
    // The CSS module's class name is not what is tested here.
    .replace(/ class="[^"]*"/g, '');

describe('MarkedText', () => {
  it('puts the marked parts in <mark> and the rest as plain text', () => {
    expect(html('Checkout page redesign', [[0, 8]])).toBe('<mark>Checkout</mark> page redesign');
    expect(
      html('fix the checkout, then the checkout copy', [
        [8, 16],
        [27, 35],
      ]),
    ).toBe('fix the <mark>checkout</mark>, then the <mark>checkout</mark> copy');
  });

  it('shows markup in the text as text, never as HTML', () => {
    expect(html('<img src=x onerror=alert(1)> & <b>bold</b>', [[0, 4]])).toBe(
      '<mark>&lt;img</mark> src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
  });

  it('shows a text without marks as it is', () => {
    expect(html('Plain title', [])).toBe('Plain title');
  });
});

describe('markSegments', () => {
  it('merges overlapping and touching marks and sorts them', () => {
    expect(
      markSegments({
        text: 'abcdefgh',
        marks: [
          [4, 6],
          [1, 3],
          [2, 5],
          [6, 7],
        ],
      }),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcdefg', marked: true },
      { text: 'h', marked: false },
    ]);
  });

  it('clamps marks past either end and drops empty or reversed ones, losing no character', () => {
    const segments = markSegments({
      text: 'hello',
      marks: [
        [-3, 2],
        [4, 99],
        [3, 3],
        [4, 1],
      ],
    });
    expect(segments).toEqual([
      { text: 'he', marked: true },
      { text: 'll', marked: false },
      { text: 'o', marked: true },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('hello');
  });

  it('never cuts an emoji in half (UTF-16 offsets inside a surrogate pair)', () => {
    const text = 'go 🚀 now';
    // 🚀 is text[3..5); a mark from its second half to the end.
    const segments = markSegments({ text, marks: [[4, 6]] });
    expect(segments).toEqual([
      { text: 'go ', marked: false },
      { text: '🚀 ', marked: true },
      { text: 'now', marked: false },
    ]);
  });

  it('keeps right-to-left text as it is', () => {
    const text = 'שלום עולם';
    expect(markSegments({ text, marks: [[5, 9]] })).toEqual([
      { text: 'שלום ', marked: false },
      { text: 'עולם', marked: true },
    ]);
  });
});
