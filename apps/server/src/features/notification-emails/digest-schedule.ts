import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
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
  const payload = JSON.stringify({ user_id: userId, local_date: next.localDate });
  await sql`
    INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
    VALUES (${NOTIFICATION_DIGEST_JOB}, NULL, ${`${userId}:${next.localDate}`}, ${payload}::jsonb, ${next.at})
    ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
      SET state = 'pending', attempts = 0, run_at = EXCLUDED.run_at, last_error = NULL, locked_by = NULL,
        locked_until = NULL, finished_at = NULL, payload = EXCLUDED.payload
      WHERE job.state IN ('done', 'failed')
  `.execute(db);
}
