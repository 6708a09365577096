import { describe, expect, it } from 'vitest';
import { setCatalog, t } from './i18n';
import { pseudoCatalog } from './pseudo-locale';

const english = {
  'common.save': 'Save',
  'common.taskCount': '{count, plural, one {# task} other {# tasks}}',
};
const german = { 'common.taskCount': '{count, plural, one {# Aufgabe} other {# Aufgaben}}' };

describe('t', () => {
  it('formats plurals in the chosen language and falls back to English for a missing key', () => {
    setCatalog('de', german, english);
    expect(t('common.taskCount', { count: 1 })).toBe('1 Aufgabe');
    expect(t('common.taskCount', { count: 1200 })).toBe('1.200 Aufgaben');
    expect(t('common.save')).toBe('Save');
  });

  it('shows the key itself for a key no catalogue has, so a missing message is visible', () => {
    setCatalog('en', english, english);
    expect(t('common.nowhere')).toBe('common.nowhere');
  });

  it('makes a pseudo-locale that keeps arguments and is longer', () => {
    const pseudo = pseudoCatalog(english);
    setCatalog('pseudo', pseudo, english);
    expect(pseudo['common.save']).toMatch(/^\[Sávé·+\]$/);
    expect(t('common.taskCount', { count: 2 })).toContain('2');
  });
});
