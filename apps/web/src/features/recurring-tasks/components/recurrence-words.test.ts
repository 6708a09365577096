import { describeRecurrence, parseRecurrence } from '@figgle/shared/recurrence';
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../../../lib/i18n/english-for-tests';
import { setCatalog } from '../../../lib/i18n/i18n';
import german from '../../../locales/de/wave2.json';
import { recurrenceWords } from './recurrence-words';

const rules: Array<[string, string, boolean]> = [
  ['FREQ=DAILY', '2026-03-02', false],
  ['FREQ=DAILY;INTERVAL=3', '2026-03-02', false],
  ['FREQ=DAILY;INTERVAL=1', '2026-03-02', true],
  ['FREQ=DAILY;INTERVAL=4;COUNT=5', '2026-03-02', true],
  ['FREQ=WEEKLY', '2026-03-02', false],
  ['FREQ=WEEKLY;BYDAY=MO,TH', '2026-03-02', false],
  ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR', '2026-03-02', false],
  ['FREQ=MONTHLY', '2026-03-15', false],
  ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-03-15', false],
  ['FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU', '2026-03-10', false],
  ['FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231', '2026-03-27', false],
  ['FREQ=YEARLY', '2026-03-15', false],
  ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=-1', '2026-03-31', false],
  ['FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=2TU', '2026-03-10', false],
];

describe('recurrenceWords', () => {
  afterEach(() => setCatalog('en', english, english));

  it('reads in English exactly as the shared words', () => {
    for (const [rrule, start, after] of rules) {
      const rule = parseRecurrence(rrule);
      expect(recurrenceWords(rule, start, after)).toBe(describeRecurrence(rule, start, after));
    }
  });

  it("reads in the reader's language", () => {
    const catalog = Object.fromEntries(
      Object.entries(german).map(([key, message]) => [`wave2.${key}`, message]),
    );
    setCatalog('de', catalog, english);
    expect(recurrenceWords(parseRecurrence('FREQ=WEEKLY;BYDAY=MO,TH'), '2026-03-02', false)).toBe(
      'Wiederholt sich jeden Montag und Donnerstag',
    );
    expect(recurrenceWords(parseRecurrence('FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU'), '2026-03-10', false)).toBe(
      'Wiederholt sich alle 2 Monate am zweiten Dienstag',
    );
    expect(recurrenceWords(parseRecurrence('FREQ=YEARLY'), '2026-03-15', false)).toBe(
      'Wiederholt sich jedes Jahr am 15. März',
    );
  });
});
