import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The kinds of the jobs a claim would find due now: pending ones whose time has come (by the driven
 * clock's lead `aheadMs` too), and running ones whose lease ran out. Read by the two partial indexes
 * of migration 0008 (job_due_idx, job_lease_idx), so an empty queue costs one short read rather than
 * a claim (an UPDATE with its ranking) per lane: the worker looks after every burst of changes, and
 * on the embedded database each look waits its turn on the one connection with the requests.
 */
export async function dueJobKinds(db: Kysely<Database>, aheadMs: number): Promise<Set<string>> {
  const result = await sql<{ kind: string }>`
    SELECT DISTINCT kind FROM job
    WHERE state = 'pending' AND run_at <= now() + make_interval(secs => ${aheadMs / 1000})
    UNION
    SELECT DISTINCT kind FROM job WHERE state = 'running' AND locked_until <= now()
  `.execute(db);
  return new Set(result.rows.map((row) => row.kind));
}

/** Whether a lane (its kinds, or every kind but `exceptKinds`) has a due job among `due`. */
export function laneHasDueJobs(
  scope: { kinds?: readonly string[]; exceptKinds?: readonly string[] },
  due: ReadonlySet<string>,
): boolean {
  for (const kind of due) {
    if (scope.kinds ? scope.kinds.includes(kind) : !scope.exceptKinds?.includes(kind)) return true;
  }
  return false;
}
