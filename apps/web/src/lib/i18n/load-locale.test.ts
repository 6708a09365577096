import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialLocale, isLocale, languageOptions, rememberLocale } from './load-locale';

// The web tests run without a DOM: a browser's address, storage and languages, stubbed.
let stored: Map<string, string>;
function browser({ search = '', languages = ['en-US'] }: { search?: string; languages?: string[] }) {
  vi.stubGlobal('window', {
    location: { search },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
  });
  vi.stubGlobal('navigator', { languages, language: languages[0] });
}

beforeEach(() => {
  stored = new Map();
});
afterEach(() => vi.unstubAllGlobals());

describe('the language a page starts in', () => {
  it("follows the browser's first language Figgle has, else English", () => {
    browser({ languages: ['pt-BR', 'fr-CA', 'de'] });
    expect(initialLocale()).toBe('fr');
    browser({ languages: ['pt-BR'] });
    expect(initialLocale()).toBe('en');
  });

  it('prefers the choice remembered on this device, and ignores a stored value that is no language', () => {
    browser({ languages: ['de-DE'] });
    expect(rememberLocale('es')).toBe(true);
    expect(initialLocale()).toBe('es');
    stored.set('figgle-locale', 'xx');
    expect(initialLocale()).toBe('de');
  });

  it('takes ?lang=pseudo in development and remembers it; an unknown ?lang is ignored', () => {
    browser({ search: '?lang=pseudo' });
    expect(initialLocale()).toBe('pseudo');
    browser({ search: '' });
    expect(initialLocale()).toBe('pseudo');
    stored.clear();
    browser({ search: '?lang=klingon', languages: ['en-GB'] });
    expect(initialLocale()).toBe('en');
  });

  it('lists each language in its own name, and the pseudo-locale in development', () => {
    expect(languageOptions().map((option) => option.label)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Español',
      expect.stringMatching(/^\[Ƥ/),
    ]);
    expect(isLocale('de')).toBe(true);
    expect(isLocale('de-DE')).toBe(false);
    expect(isLocale('pseudo')).toBe(false);
  });
});
