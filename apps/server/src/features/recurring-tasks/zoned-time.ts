// Days and wall-clock times in an organization's time zone (IANA name), through Intl: what recurring
// tasks count in, so a task due at 09:00 stays due at 09:00 across a change of daylight-saving time.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  /** YYYY-MM-DD. */
  day: string;
  /** HH:MM:SS.mmm. */
  time: string;
}

/** What a clock on the wall in `timeZone` shows at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const millis = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}.${millis}`,
  };
}

/** The day it is in `timeZone` at `instant`. */
export function dayIn(instant: Date, timeZone: string): string {
  return wallClockAt(instant, timeZone).day;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockAt(new Date(instant), timeZone);
  return Date.parse(`${wall.day}T${wall.time}Z`) - instant;
}

/**
 * The instant a clock in `timeZone` shows `time` on `day`. A time that a spring change skips (02:30
 * on the night clocks go from 02:00 to 03:00) becomes the same distance past the change (03:30); a
 * time an autumn change shows twice is its first showing.
 */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${time}Z`);
  const before = offsetAt(asUtc - 86_400_000, timeZone);
  const after = offsetAt(asUtc + 86_400_000, timeZone);
  // The earlier reading of an ambiguous time first; a skipped time fits neither and takes the offset before.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = asUtc - offset;
    if (offsetAt(candidate, timeZone) === offset) return new Date(candidate);
  }
  return new Date(asUtc - before);
}
