import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The durable job table (migration 0008; docs/decisions/0001-durable-jobs.md). Every statement here is
// short and runs on its own: nothing holds a transaction open while a job does its outside work.

type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  organizationId: string | null;
  /** With kind and organization, what makes a job unique: the same work asked twice is stored once. */
  dedupeKey: string;
  payload: Record<string, unknown>;
  /** When it is due; now when not given. */
  runAt?: Date;
  /** Queue a key already stored again once its last run finished (done or failed), with this payload. */
  rearm?: boolean;
}

export interface ClaimedJob {
  jobId: string;
  kind: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  /** Counting this one. */
  attempts: number;
}

/**
 * Stores a job inside the caller's transaction (or as one statement). Its id when it was new (or
 * re-armed); null when the same kind, organization and key was already stored (Figma sending a
 * delivery again).
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<string | null> {
  // The same statement as every SQL trigger that queues work: figgle_enqueue_job
  // (db/functions/figgle-enqueue-job.ts).
  const result = await sql<{ stored: string | null }>`
    SELECT figgle_enqueue_job(${job.kind}, ${job.organizationId}::uuid, ${job.dedupeKey},
      ${JSON.stringify(job.payload)}::jsonb, coalesce(${job.runAt ?? null}::timestamptz, now()),
      ${job.rearm ?? false}) AS stored`.execute(db);
  return result.rows[0]?.stored ?? null;
}

/**
 * Which jobs a claim may take: the kinds of one lane of the worker (`kinds`), or every kind but those
 * of the other lanes (`exceptKinds`), and at most `perOrganization` of one organization in flight.
 */
export interface ClaimScope {
  kinds?: readonly string[];
  exceptKinds?: readonly string[];
  /**
   * Jobs of one organization running at once in this scope, counted over every worker (the running
   * rows of the table); jobs of no organization (the server's own) are not capped.
   */
  perOrganization: number;
}

function kindFilter(scope: ClaimScope, column: ReturnType<typeof sql.ref>) {
  if (scope.kinds) return sql`${column} IN (${sql.join(scope.kinds)})`;
  if (scope.exceptKinds && scope.exceptKinds.length > 0)
    return sql`${column} NOT IN (${sql.join(scope.exceptKinds)})`;
  return sql`true`;
}

/**
 * Takes up to `limit` due jobs of `scope` for `workerId`: pending ones whose time has come, and
 * running ones whose lease ran out (their worker died). Fair between organizations: each due job is
 * ranked by its place in its organization's line, after what that organization already has running,
 * and the lowest places go first, so one organization's backlog (a tarpit webhook's 24 deliveries)
 * takes at most `perOrganization` slots and never keeps another's first job waiting behind it.
 * SKIP LOCKED lets several workers claim at once without waiting for or taking each other's rows;
 * two claims at the same instant can each see the other's jobs still pending, so the cap holds per
 * claim, and over the table once those claims have committed.
 */
export async function claimJobs(
  db: Kysely<Database>,
  workerId: string,
  limit: number,
  leaseMs: number,
  /** A driven clock's lead (clock/clock.ts): jobs due by then count as due. 0 outside tests. */
  aheadMs = 0,
  scope: ClaimScope = { perOrganization: limit },
): Promise<ClaimedJob[]> {
  const result = await sql<{
    job_id: string;
    kind: string;
    organization_id: string | null;
    payload: Record<string, unknown>;
    attempts: number;
  }>`
    UPDATE job SET state = 'running', attempts = job.attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    FROM (
      SELECT job.job_id FROM job
      JOIN (
        SELECT due.job_id, due.organization_id, due.run_at, due.created_at,
          row_number() OVER (PARTITION BY due.organization_id ORDER BY due.run_at, due.created_at)
            + coalesce(busy.running, 0) AS place
        FROM job AS due
        LEFT JOIN (
          SELECT organization_id, count(*) AS running FROM job
          WHERE state = 'running' AND locked_until > now() AND ${kindFilter(scope, sql.ref('job.kind'))}
          GROUP BY organization_id
        ) AS busy ON busy.organization_id = due.organization_id
        WHERE ((due.state = 'pending' AND due.run_at <= now() + make_interval(secs => ${aheadMs / 1000}))
            OR (due.state = 'running' AND due.locked_until <= now()))
          AND ${kindFilter(scope, sql.ref('due.kind'))}
      ) AS ranked ON ranked.job_id = job.job_id
      -- Checked again on the row itself: a job another worker claimed and committed meanwhile is
      -- locked here after all, and must not be taken twice.
      WHERE ((job.state = 'pending' AND job.run_at <= now() + make_interval(secs => ${aheadMs / 1000}))
          OR (job.state = 'running' AND job.locked_until <= now()))
        AND (ranked.organization_id IS NULL OR ranked.place <= ${scope.perOrganization})
      ORDER BY ranked.place, ranked.run_at, ranked.created_at
      LIMIT ${limit}
      FOR UPDATE OF job SKIP LOCKED
    ) AS due
    WHERE job.job_id = due.job_id
    RETURNING job.job_id, job.kind, job.organization_id, job.payload, job.attempts
  `.execute(db);
  return result.rows.map((row) => ({
    jobId: row.job_id,
    kind: row.kind,
    organizationId: row.organization_id,
    payload: row.payload,
    attempts: row.attempts,
  }));
}

/** Extends the lease of the jobs this worker is still working on. */
export async function renewLeases(
  db: Kysely<Database>,
  workerId: string,
  jobIds: string[],
  leaseMs: number,
): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .updateTable('job')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('job_id', 'in', jobIds)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running')
    .execute();
}

/** An update of the job that holds only while this worker still runs it (its lease not taken over). */
function heldJob(db: Db, job: ClaimedJob, workerId: string) {
  return db
    .updateTable('job')
    .where('job_id', '=', job.jobId)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running');
}

/**
 * The job is done. Inside a handler's own transaction when its result is written (so the result and
 * "done" commit together), else on its own. Only while this worker still holds it.
 */
export async function completeJob(db: Db, job: ClaimedJob, workerId: string): Promise<void> {
  await heldJob(db, job, workerId)
    .set({ state: 'done', finished_at: new Date(), locked_by: null, locked_until: null, last_error: null })
    .execute();
}

/** Back to pending, due after `delayMs`; `countAttempt: false` gives back the attempt (a deferral). */
export async function retryJobLater(
  db: Kysely<Database>,
  job: ClaimedJob,
  workerId: string,
  delayMs: number,
  reason: string | null,
  countAttempt = true,
): Promise<void> {
  await heldJob(db, job, workerId)
    .set({
      state: 'pending',
      run_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      locked_by: null,
      locked_until: null,
      ...(reason === null ? {} : { last_error: reason }),
      ...(countAttempt ? {} : { attempts: sql`greatest(attempts - 1, 0)` }),
    })
    .execute();
}

/** Failed for good: kept with its reason, for the radar and for people. */
export async function failJob(
  db: Kysely<Database>,
  job: ClaimedJob,
  workerId: string,
  reason: string,
): Promise<void> {
  await heldJob(db, job, workerId)
    .set({
      state: 'failed',
      last_error: reason,
      finished_at: new Date(),
      locked_by: null,
      locked_until: null,
    })
    .execute();
}

/**
 * On the embedded database only one process ever opens the data directory, so a job still marked
 * running at start was left by a process that died: it is due again at once, without waiting for
 * its lease to run out.
 */
export async function releaseOrphanedJobs(db: Kysely<Database>): Promise<number> {
  const released = await db
    .updateTable('job')
    .set({ state: 'pending', run_at: new Date(), locked_by: null, locked_until: null })
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/** Whether a job of this kind and key is still to be done (pending or being worked on). */
export async function jobUnfinished(
  db: Kysely<Database>,
  kind: string,
  organizationId: string | null,
  dedupeKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('job')
    .select('job_id')
    .where('kind', '=', kind)
    .where((eb) =>
      organizationId === null
        ? eb('organization_id', 'is', null)
        : eb('organization_id', '=', organizationId),
    )
    .where('dedupe_key', '=', dedupeKey)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Done jobs are kept a month (Figma retries within hours, so their keys have long stopped mattering),
 * failed ones three months (the radar shows the newest). Answers how many rows went.
 */
export async function pruneFinishedJobs(db: Kysely<Database>): Promise<number> {
  const pruned = await db
    .deleteFrom('job')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', sql<Date>`now() - interval '30 days'`)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', sql<Date>`now() - interval '90 days'`)]),
      ]),
    )
    .executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

const MINUTE_MS = 60_000;

/** Waits between tries: 2 s, 4 s, 8 s… doubled each time, up to an hour, with a little jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = 2_000 * 2 ** Math.max(0, attempt - 1);
  return Math.round(Math.min(base, 60 * MINUTE_MS) * (1 + random() * 0.2));
}
