// @database both

import { useTestDatabase } from '@figgle/test-support/test-database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FigmaError, rateLimitedError } from '../../src/figma/errors.ts';
import { judgeFailure, PermanentJobError } from '../../src/jobs/job-errors.ts';
import {
  backoffMs,
  claimJobs,
  enqueueJob,
  failJob,
  pruneFinishedJobs,
  releaseOrphanedJobs,
} from '../../src/jobs/job-queue.ts';

describe('the job table', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  const job = (key: string) => ({
    kind: 'test_queue',
    organizationId: null,
    dedupeKey: key,
    payload: { key },
  });
  const stateOf = async (key: string) =>
    (await db().selectFrom('job').select('state').where('dedupe_key', '=', key).executeTakeFirst())?.state;

  it('stores the same kind and key once', async () => {
    expect(await enqueueJob(db(), job('once'))).toEqual(expect.any(String));
    expect(await enqueueJob(db(), job('once'))).toBeNull();
    const rows = await db().selectFrom('job').select('job_id').where('dedupe_key', '=', 'once').execute();
    expect(rows).toHaveLength(1);
  });

  it("gives a job to one claimer at a time, and again once its holder's lease ran out", async () => {
    await db().deleteFrom('job').execute();
    await enqueueJob(db(), job('leased'));
    const [first] = await claimJobs(db(), 'worker-a', 5, 200);
    expect(first?.attempts).toBe(1);
    expect(await claimJobs(db(), 'worker-b', 5, 200)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [again] = await claimJobs(db(), 'worker-b', 5, 10_000);
    expect(again?.jobId).toBe(first?.jobId);
    expect(again?.attempts).toBe(2);
    // The first holder lost it: its outcome no longer counts.
    await failJob(db(), first!, 'worker-a', 'too late');
    expect(await stateOf('leased')).toBe('running');
    // At start on the embedded database, what was running is due again at once.
    expect(await releaseOrphanedJobs(db())).toBe(1);
    expect(await stateOf('leased')).toBe('pending');
  });

  it('deletes done jobs after a month and failed ones after three', async () => {
    await db().deleteFrom('job').execute();
    for (const key of ['old-done', 'new-done', 'old-failed', 'older-failed'])
      await enqueueJob(db(), job(key));
    const finish = (key: string, state: 'done' | 'failed', daysAgo: number) =>
      db()
        .updateTable('job')
        .set({ state, finished_at: sql`now() - make_interval(days => ${daysAgo})` })
        .where('dedupe_key', '=', key)
        .execute();
    await finish('old-done', 'done', 31);
    await finish('new-done', 'done', 1);
    await finish('old-failed', 'failed', 31);
    await finish('older-failed', 'failed', 91);
    expect(await pruneFinishedJobs(db())).toBe(2);
    const left = await db().selectFrom('job').select('dedupe_key').orderBy('dedupe_key').execute();
    expect(left.map((row) => row.dedupe_key)).toEqual(['new-done', 'old-failed']);
  });
});

describe('retries', () => {
  it('wait 2 s, then twice as long each time, up to an hour', () => {
    const exact = () => 0;
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, exact))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30, exact)).toBe(3_600_000);
    expect(backoffMs(1, () => 1)).toBe(2_400);
  });

  it("try again after an outage or a rate limit (not before Figma's Retry-After), never after a refusal", () => {
    expect(judgeFailure(new FigmaError('unavailable', 'Figma is unavailable right now.', 503))).toMatchObject(
      {
        permanent: false,
        reason: 'Figma is unavailable right now. (HTTP 503)',
      },
    );
    expect(judgeFailure(rateLimitedError(120))).toMatchObject({ permanent: false, notBeforeMs: 120_000 });
    expect(judgeFailure(new FigmaError('bad_token', 'Figma refused the token.', 403)).permanent).toBe(true);
    expect(judgeFailure(new FigmaError('not_found', 'Not found.', 404)).permanent).toBe(true);
    expect(judgeFailure(new PermanentJobError('No token.'))).toMatchObject({
      permanent: true,
      reason: 'No token.',
    });
    // Our own failures are tried again and never shown as they are (they may hold SQL or paths).
    const internal = judgeFailure(new Error('relation "job" does not exist'));
    expect(internal.permanent).toBe(false);
    expect(internal.reason).not.toContain('relation');
  });
});
