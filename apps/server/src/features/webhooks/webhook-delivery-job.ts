import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { WEBHOOK_PAUSED_EMAIL_JOB } from '../../jobs/handlers/webhook-paused-email.ts';
import { PassingJobError, PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobDeps, JobHandler } from '../../jobs/job-handler.ts';
import { WEBHOOK_DELIVERY_JOB } from '../../jobs/job-kinds.ts';
import { wakeWorkers } from '../../jobs/wake.ts';
import { parseWebhookUrl, resolveTarget, UnsafeTargetError } from './address-guard.ts';
import { type PostResult, postSigned } from './post-signed.ts';
import { decryptWebhookSecret } from './secret.ts';
import { webhookSignature } from './signature.ts';

// One event to one webhook (queued by migration 0016's triggers, or by "Send test event"). The body is
// the snapshot stored with the job; the job's id is the delivery's id, the same on every try, so a
// receiver can tell a retry from a new event. Every try writes one row of the delivery log.

interface DeliveryPayload {
  webhook_id: string;
  event: string;
  occurred_at: string;
  data: unknown;
}

type Outcome = 'succeeded' | 'retrying' | 'failed';

interface Verdict {
  outcome: Outcome;
  /** Why it did not succeed, for the log and the job. */
  error: string | null;
}

/** 2xx is done; 408, 429, 5xx and no answer pass; a redirect or another 4xx will not change. */
function judge(result: PostResult): Verdict {
  const status = result.statusCode;
  if (status === null) return { outcome: 'retrying', error: result.error ?? 'No answer.' };
  if (status >= 200 && status < 300) return { outcome: 'succeeded', error: null };
  if (status >= 300 && status < 400)
    return {
      outcome: 'failed',
      error: `The receiver answered a redirect (HTTP ${status}): redirects are not followed.`,
    };
  if (status === 408 || status === 429 || status >= 500)
    return { outcome: 'retrying', error: `The receiver answered HTTP ${status}.` };
  return { outcome: 'failed', error: `The receiver refused the delivery (HTTP ${status}).` };
}

/** The log keeps a month, as the job table keeps done jobs (docs/decisions/0001-durable-jobs.md). */
async function pruneLog(db: Kysely<Database> | Transaction<Database>, webhookId: string): Promise<void> {
  await db
    .deleteFrom('webhook_delivery')
    .where('webhook_id', '=', webhookId)
    .where('created_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
}

export const webhookDeliveryHandler: JobHandler = {
  kind: WEBHOOK_DELIVERY_JOB,
  async run({ deps, job, completeIn, maxAttempts }) {
    const payload = job.payload as unknown as DeliveryPayload;
    const webhook = await deps.db
      .selectFrom('webhook')
      .select(['webhook_id', 'url', 'secret_encrypted', 'active'])
      .where('webhook_id', '=', payload.webhook_id)
      .executeTakeFirst();
    // Deleted or turned off since the event: nothing is sent, and the job is done.
    if (!webhook?.active) return;
    const secret = decryptWebhookSecret(webhook.secret_encrypted, deps.env.SECRET);
    if (secret === null)
      throw new PermanentJobError('The signing secret cannot be read: add the webhook again.');

    const body = JSON.stringify({
      id: job.jobId,
      event: payload.event,
      created_at: payload.occurred_at,
      organization_id: job.organizationId,
      data: payload.data,
    });
    const startedAt = new Date();
    let result: PostResult;
    /** The address was refused before any connection: counted apart in GET /metrics. */
    let blocked = false;
    try {
      const url = parseWebhookUrl(webhook.url);
      const target = await resolveTarget(url, deps.env.WEBHOOKS_ALLOW_PRIVATE, deps.hostLookup);
      result = await postSigned(
        url,
        target,
        body,
        {
          'x-figgle-event': payload.event,
          'x-figgle-delivery': job.jobId,
          'x-figgle-signature': webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
        },
        deps.env.WEBHOOK_TIMEOUT_MS,
      );
    } catch (error) {
      if (!(error instanceof UnsafeTargetError)) throw error;
      blocked = true;
      result = {
        statusCode: null,
        responseExcerpt: null,
        error: error.message,
        retryAfterMs: null,
        timedOut: false,
        durationMs: Date.now() - startedAt.getTime(),
      };
      // An address refused now (it resolves somewhere private) is not tried again.
      return record('failed', error.message);
    }
    const verdict = judge(result);
    const paused = await countTimeout(deps, payload.webhook_id, result);
    if (paused) return record('failed', `${verdict.error ?? 'No answer.'} ${paused}`);
    const outcome =
      verdict.outcome === 'retrying' && job.attempts >= maxAttempts ? 'failed' : verdict.outcome;
    return record(outcome, verdict.error);

    async function record(outcome: Outcome, error: string | null): Promise<void> {
      deps.metrics?.webhookDelivered(outcome, { ...result, blocked });
      const row = {
        delivery_id: job.jobId,
        webhook_id: payload.webhook_id,
        event: payload.event,
        payload: body,
        attempt: job.attempts,
        outcome,
        status_code: result.statusCode,
        response_excerpt: result.responseExcerpt,
        error: error?.slice(0, 500) ?? null,
        duration_ms: result.durationMs,
        created_at: startedAt,
      };
      if (outcome === 'succeeded') {
        await deps.db.transaction().execute(async (trx) => {
          await trx.insertInto('webhook_delivery').values(row).execute();
          await pruneLog(trx, payload.webhook_id);
          await completeIn(trx);
        });
        return;
      }
      await deps.db.insertInto('webhook_delivery').values(row).execute();
      await pruneLog(deps.db, payload.webhook_id);
      const reason = error ?? 'The delivery failed.';
      if (outcome === 'failed') throw new PermanentJobError(reason);
      throw new PassingJobError(reason, result.retryAfterMs);
    }
  },
};

/**
 * A receiver that answers anything sets the webhook's count of timeouts in a row back to 0; one that
 * gives no connection or no answer in time adds one, and the WEBHOOK_PAUSE_AFTER-th pauses the
 * webhook, in one transaction with an email job for each of the organization's owners. Answers why it
 * was paused when this try paused it, else null.
 */
async function countTimeout(deps: JobDeps, webhookId: string, result: PostResult): Promise<string | null> {
  if (!result.timedOut) {
    if (result.statusCode !== null)
      await deps.db
        .updateTable('webhook')
        .set({ timeouts_in_a_row: 0 })
        .where('webhook_id', '=', webhookId)
        .where('timeouts_in_a_row', '>', 0)
        .execute();
    return null;
  }
  const pauseAfter = deps.env.WEBHOOK_PAUSE_AFTER;
  const reason = `Paused after ${pauseAfter} deliveries in a row got no answer in time: turn it back on once the receiver answers.`;
  const paused = await deps.db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable('webhook')
      .set({ timeouts_in_a_row: sql`timeouts_in_a_row + 1` })
      .where('webhook_id', '=', webhookId)
      .returning(['timeouts_in_a_row', 'active', 'organization_id'])
      .executeTakeFirst();
    if (!counted?.active || counted.timeouts_in_a_row < pauseAfter) return false;
    await trx
      .updateTable('webhook')
      .set({ active: false, paused_at: new Date(), paused_reason: reason })
      .where('webhook_id', '=', webhookId)
      .execute();
    // One email job per owner, through the one job insert (figgle_enqueue_job).
    await sql`
      SELECT count(figgle_enqueue_job(${WEBHOOK_PAUSED_EMAIL_JOB}, rule.organization_id,
        ${webhookId}::text || ':' || floor(extract(epoch FROM now()) * 1000)::bigint::text || ':' || rule.user_id::text,
        jsonb_build_object('webhook_id', ${webhookId}::uuid, 'user_id', rule.user_id)))
      FROM rule
      WHERE rule.organization_id = ${counted.organization_id} AND rule.role = 'OWNER'
    `.execute(trx);
    return true;
  });
  if (!paused) return null;
  deps.log.warn({ webhookId }, 'webhook paused after timeouts in a row');
  wakeWorkers(deps.db);
  return 'The webhook is paused.';
}
