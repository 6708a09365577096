// @database both
import { useTestDatabase } from '@figgle/test-support/test-database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dueJobKinds, laneHasDueJobs } from './due-job-kinds.ts';
import { claimJobs, enqueueJob } from './job-queue.ts';

describe('the kinds of the due jobs (one read before the lanes claim)', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  const job = (kind: string, key: string, runAt?: Date) => ({
    kind,
    organizationId: null,
    dedupeKey: key,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });

  it('names pending jobs whose time has come and running ones whose lease ran out, nothing else', async () => {
    await db().deleteFrom('job').execute();
    expect(await dueJobKinds(db(), 0)).toEqual(new Set());
    await enqueueJob(db(), job('due_now', 'a'));
    await enqueueJob(db(), job('due_later', 'b', new Date(Date.now() + 60_000)));
    expect(await dueJobKinds(db(), 0)).toEqual(new Set(['due_now']));
    // A driven clock's lead makes the later one due as well.
    expect(await dueJobKinds(db(), 120_000)).toEqual(new Set(['due_now', 'due_later']));
    // Claimed with a lease: not due while the lease holds, due again once it ran out.
    await claimJobs(db(), 'worker-a', 5, 60_000);
    expect(await dueJobKinds(db(), 0)).toEqual(new Set());
    await sql`UPDATE job SET locked_until = now() - interval '1 second' WHERE kind = 'due_now'`.execute(db());
    expect(await dueJobKinds(db(), 0)).toEqual(new Set(['due_now']));
  });

  it('says which lane has work: one naming its kinds, or the lane of every other kind', () => {
    const webhooks = { kinds: ['webhook_delivery'] };
    const other = { exceptKinds: ['webhook_delivery', 'import'] };
    expect(laneHasDueJobs(webhooks, new Set(['webhook_delivery']))).toBe(true);
    expect(laneHasDueJobs(webhooks, new Set(['notification_email']))).toBe(false);
    expect(laneHasDueJobs(other, new Set(['notification_email']))).toBe(true);
    expect(laneHasDueJobs(other, new Set(['webhook_delivery', 'import']))).toBe(false);
    expect(laneHasDueJobs(other, new Set())).toBe(false);
  });
});
