// How cycles are named to people (docs/product.md#cycles).

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const day = (date: string) => dayMonth.format(new Date(`${date}T00:00:00Z`));

/** "Cycle 3" or "Cycle 3 · Launch". */
export function cycleName(cycle: { number: number; name: string | null }): string {
  return cycle.name ? `Cycle ${cycle.number} · ${cycle.name}` : `Cycle ${cycle.number}`;
}

/** "1 Dec – 14 Dec". */
export function cycleDates(cycle: { start_date: string; end_date: string }): string {
  return `${day(cycle.start_date)} – ${day(cycle.end_date)}`;
}

type CycleSide = { number: number; name: string | null } | null;

/** The task's log line for a CYCLE change, by a person or by the rollover of an ended cycle. */
export function cycleLogWords(change: { old: CycleSide; new: CycleSide }, rollover = false): string {
  if (rollover && change.old && change.new)
    return `moved the task from ${cycleName(change.old)}, which ended, to ${cycleName(change.new)}`;
  if (change.new && change.old)
    return `moved the task from ${cycleName(change.old)} to ${cycleName(change.new)}`;
  if (change.new) return `planned the task in ${cycleName(change.new)}`;
  if (change.old) return `took the task out of ${cycleName(change.old)}`;
  return 'changed the cycle';
}
