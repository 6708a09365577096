/**
 * Writes iCalendar text (RFC 5545) for a calendar feed: CRLF line endings, content lines folded at
 * 75 octets without splitting a UTF-8 character, TEXT values escaped. Pure: no database, no clock.
 */

interface CalendarEvent {
  uid: string;
  /** When this text was written (DTSTAMP), in UTC. */
  stamp: Date;
  summary: string;
  description?: string;
  url?: string;
  /**
   * An all-day event on this day ('YYYY-MM-DD'), or through the day before `until` (a cycle's span),
   * or a timed one at this instant.
   */
  start: { day: string; until?: string } | { at: Date };
  lastModified?: Date;
}

export interface Calendar {
  name: string;
  events: CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, each continuation starting
 * with one space (which counts in its 75), and never a cut inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A DATE-TIME in UTC form: 19970714T173000Z. */
export function utcDateTime(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

/** A DATE from 'YYYY-MM-DD': 19970714. */
function dateValue(day: string): string {
  return day.replaceAll('-', '');
}

/** The day after 'YYYY-MM-DD' as a DATE: an all-day event's exclusive end. */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10).replaceAll('-', '');
}

function eventLines(event: CalendarEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${utcDateTime(event.stamp)}`];
  if ('day' in event.start) {
    lines.push(`DTSTART;VALUE=DATE:${dateValue(event.start.day)}`);
    lines.push(
      `DTEND;VALUE=DATE:${event.start.until ? dateValue(event.start.until) : nextDay(event.start.day)}`,
    );
  } else {
    lines.push(`DTSTART:${utcDateTime(event.start.at)}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcDateTime(event.lastModified)}`);
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object, every line folded and ended by CRLF. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Figgle//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => foldLine(line) + CRLF).join('');
}
