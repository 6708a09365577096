// @database pglite
import { describe, expect, it } from 'vitest';
import { safeFileName } from './send-download.ts';

describe('safeFileName', () => {
  it('keeps letters, digits and dashes, and drops accents', () => {
    expect(safeFileName(['CAF', 'Café Website', '2026-11-27'], 'json')).toBe(
      'CAF-Cafe-Website-2026-11-27.json',
    );
  });

  it('lets no quote, slash, line break or control character reach the header', () => {
    const name = safeFileName(
      ['figgle', 'a"b\r\nSet-Cookie: x=1/../..\\\u0000\u202Eevil', '2026-11-27'],
      'json',
    );
    expect(name).toBe('figgle-a-b-Set-Cookie-x-1-evil-2026-11-27.json');
    expect(name).toMatch(/^[A-Za-z0-9-]+\.json$/);
  });

  it('has a name even when nothing printable is left, and stays short', () => {
    expect(safeFileName(['日本', '🦊'], 'csv')).toBe('figgle-export.csv');
    expect(safeFileName(['x'.repeat(500)], 'csv')).toHaveLength(124);
  });
});
