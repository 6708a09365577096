import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { nextDigestTime } from './digest-time.ts';

export const NOTIFICATION_DIGEST_JOB = 'notification_digest';

type Db = Kysely<Database> | Transaction<Database>;

/** Forgets the person's digest still to come (the switch went off, or the time zone changed). */
export async function cancelDigest(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('job')
    .where('kind', '=', NOTIFICATION_DIGEST_JOB)
    .where('organization_id', 'is', null)
    .where('dedupe_key', 'like', `${userId}:%`)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Stores the person's next digest as a job due at the next 08:00 of their time zone: one job per
 * person and local day (its key), so asking twice stores it once. A day already sent in another
 * zone (the person moved west) is due again in the new one.
 */
export async function scheduleDigest(db: Db, userId: string, timeZone: string, now: Date): Promise<void> {
  const next = nextDigestTime(timeZone, now);
  await enqueueJob(db, {
    kind: NOTIFICATION_DIGEST_JOB,
    organizationId: null,
    dedupeKey: `${userId}:${next.localDate}`,
    payload: { user_id: userId, local_date: next.localDate },
    runAt: next.at,
    rearm: true,
  });
}
