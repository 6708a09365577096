import { afterEach, describe, expect, it } from 'vitest';
import { english } from './i18n/english-for-tests';
import { setCatalog } from './i18n/i18n';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  afterEach(() => setCatalog('en', english, english));

  it("keeps moment's English wording", () => {
    expect(relativeTime(before(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(now, now)).toBe('just now');
  });

  it("says the same amount in the reader's language, with the same thresholds", () => {
    setCatalog('de', {}, english);
    expect(relativeTime(before(5 * 60_000), now)).toBe('vor 5 Minuten');
    expect(relativeTime(before(3 * 86_400_000), now)).toBe('vor 3 Tagen');
    expect(relativeTime(now, now)).toBe('jetzt');
    setCatalog('fr', {}, english);
    expect(relativeTime(before(2 * 3_600_000), now)).toBe('il y a 2 heures');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
