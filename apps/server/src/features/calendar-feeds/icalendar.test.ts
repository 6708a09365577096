// @database pglite
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar } from './icalendar.ts';

describe('iCalendar writing (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and every kind of newline in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets with a leading space, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(40)}${'🎉'.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const [index, part] of folded.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(folded.map((part, index) => (index > 0 ? part.slice(1) : part)).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes all-day events as VALUE=DATE with the next day as end, timed ones in UTC', () => {
    const stamp = new Date('2026-03-01T10:20:30Z');
    const text = writeCalendar({
      name: 'Mine',
      events: [
        { uid: 'a@x', stamp, summary: 'All day', start: { day: '2026-12-31' } },
        { uid: 'b@x', stamp, summary: 'Timed', start: { at: new Date('2026-03-02T08:00:00Z') } },
      ],
    });
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('\r\nDTSTART:20260302T080000Z\r\n');
    expect(text).toContain(`\r\nDTSTAMP:${utcDateTime(stamp)}\r\n`);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes a span of days (a cycle) with its exclusive end as DTEND', () => {
    const text = writeCalendar({
      name: 'Mine',
      events: [
        {
          uid: 'c@x',
          stamp: new Date('2026-03-01T10:20:30Z'),
          summary: 'Cycle 3',
          start: { day: '2026-12-28', until: '2027-01-11' },
        },
      ],
    });
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261228\r\nDTEND;VALUE=DATE:20270111\r\n');
  });
});
