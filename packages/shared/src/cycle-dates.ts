// Day arithmetic for cycles (docs/product.md#cycles), on UTC days written YYYY-MM-DD.

const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The last `weekStart` day (0 Sunday … 6 Saturday) on or before `day`. */
export function weekStartOnOrBefore(day: string, weekStart: number): string {
  return addDays(day, -((weekday(day) - weekStart + 7) % 7));
}

/** The first `weekStart` day on or after `day`. */
export function weekStartOnOrAfter(day: string, weekStart: number): string {
  return addDays(day, (weekStart - weekday(day) + 7) % 7);
}

/** The instant a cycle ending before `endsOn` (the day after its last) is over: midnight UTC. */
export function cycleEndInstant(endsOn: string): Date {
  return new Date(`${endsOn}T00:00:00Z`);
}
