import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseWebhookUrl, resolveTarget, UnsafeTargetError } from '../../features/webhooks/address-guard.ts';
import { type PostResult, postSigned } from '../../features/webhooks/post-signed.ts';
import { decryptWebhookSecret } from '../../features/webhooks/secret.ts';
import { webhookSignature } from '../../features/webhooks/signature.ts';
import { PassingJobError, PermanentJobError } from '../job-errors.ts';
import type { JobHandler } from '../job-handler.ts';

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
  kind: 'webhook_delivery',
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
    try {
      const url = parseWebhookUrl(webhook.url);
      const target = await resolveTarget(url, deps.env.WEBHOOKS_ALLOW_PRIVATE, deps.hostLookup);
      result = await postSigned(url, target, body, {
        'x-figgle-event': payload.event,
        'x-figgle-delivery': job.jobId,
        'x-figgle-signature': webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
      });
    } catch (error) {
      if (!(error instanceof UnsafeTargetError)) throw error;
      result = {
        statusCode: null,
        responseExcerpt: null,
        error: error.message,
        retryAfterMs: null,
        durationMs: Date.now() - startedAt.getTime(),
      };
      // An address refused now (it resolves somewhere private) is not tried again.
      return record('failed', error.message);
    }
    const verdict = judge(result);
    const outcome =
      verdict.outcome === 'retrying' && job.attempts >= maxAttempts ? 'failed' : verdict.outcome;
    return record(outcome, verdict.error);

    async function record(outcome: Outcome, error: string | null): Promise<void> {
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
