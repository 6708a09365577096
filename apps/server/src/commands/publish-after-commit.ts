import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Bus, BusEvent, LocalFacts } from '../realtime/bus.ts';
import { markWriteStep } from '../write-timings.ts';

/** What a command tells the other users once its write is committed. */
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
  /** The events, in the order they are published; none (null or []) when the write changed nothing. */
  announce: (result: Result) => Announcement | readonly Announcement[] | null,
): Promise<Result> {
  const result = await write();
  markWriteStep('committed');
  const announced = announce(result);
  const announcements = announced === null ? [] : 'event' in announced ? [announced] : announced;
  for (const { event, local } of announcements) await bus.publish(event, local);
  return result;
}

/**
 * publishAfterCommit of the most common write: one transaction of `db`, which `write` fills. The
 * transaction commits, then the announcements go out.
 */
export function publishAfterTransaction<Result>(
  { db, bus }: { db: Kysely<Database>; bus: Bus },
  write: (trx: Transaction<Database>) => Promise<Result>,
  announce: (result: Result) => Announcement | readonly Announcement[] | null,
): Promise<Result> {
  return publishAfterCommit(bus, () => db.transaction().execute(write), announce);
}

/**
 * The announcements of one write that changed many tasks, marked as one batch: every socket gets
 * its share of them in one frame, applied at once (realtime/batches.ts). A single one stays as it is.
 */
export function inOneBatch(announcements: readonly Announcement[]): Announcement[] {
  if (announcements.length < 2) return [...announcements];
  const id = randomUUID();
  const size = announcements.length;
  return announcements.map(({ event, local }, index) => ({
    event: { ...event, batch: { id, size, index } },
    local,
  }));
}
