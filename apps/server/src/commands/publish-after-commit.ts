import type { Bus, BusEvent, LocalFacts } from '../realtime/bus.ts';

/** What a command tells the other users once its write is committed; none when it changed nothing. */
export interface Announcement {
  event: BusEvent;
  /** What this process already read of the change, for its own sockets (realtime/bus.ts). */
  local?: LocalFacts;
}

/**
 * Runs a command's write, which commits by itself (a transaction it opens, or a single statement),
 * and only then puts its event on the bus: a failed write announces nothing, and no socket hears of
 * a change another read could not yet see. The bus itself waits until the commit is on disk
 * (realtime/bus.ts). Every command that publishes goes through here (docs/CONVENTIONS.md#commands).
 */
export async function publishAfterCommit<Result>(
  bus: Bus,
  write: () => Promise<Result>,
  announce: (result: Result) => Announcement | null,
): Promise<Result> {
  const result = await write();
  const announcement = announce(result);
  if (announcement) await bus.publish(announcement.event, announcement.local);
  return result;
}
