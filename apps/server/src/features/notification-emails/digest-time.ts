/** The daily digest leaves at this hour of the person's own day. */
const DIGEST_HOUR = 8;

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localTimeIn(timeZone: string, at: Date): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clocks are ahead of UTC at that instant, in ms. */
function offsetMs(timeZone: string, at: Date): number {
  const local = localTimeIn(timeZone, at);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time of that zone names (a time a clock change skips moves forward). */
function instantOf(timeZone: string, year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetMs(timeZone, new Date(wall));
  return new Date(wall - offsetMs(timeZone, new Date(first)));
}

export interface DigestTime {
  at: Date;
  /** The person's calendar day it belongs to, YYYY-MM-DD: one digest per person and day. */
  localDate: string;
}

/** The first 08:00 in `timeZone` after `now`. */
export function nextDigestTime(timeZone: string, now: Date): DigestTime {
  const today = localTimeIn(timeZone, now);
  for (let days = 0; days < 3; days += 1) {
    // Date.UTC rolls a day past the month's end into the next month.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const at = instantOf(
      timeZone,
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      DIGEST_HOUR,
    );
    if (at.getTime() > now.getTime()) return { at, localDate: day.toISOString().slice(0, 10) };
  }
  throw new Error(`no 08:00 found in ${timeZone}`);
}
