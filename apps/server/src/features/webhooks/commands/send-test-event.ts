import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT } from '@figgle/shared/webhook-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import { wakeWorkers } from '../../../jobs/wake.ts';
import { authorize } from '../../../policies/authorize.ts';
import { webhookOf } from '../queries.ts';

/**
 * "Send test event": a `ping` to this one webhook, whatever events it asked for, through the same
 * durable job, signing and log as every other delivery. Answers the delivery's id.
 */
export async function sendTestEvent(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { organizationId, webhookId }: { organizationId: string; webhookId: string },
): Promise<{ delivery_id: string }> {
  await authorize(db, user, 'organization.manageWebhooks', organizationId);
  const webhook = await webhookOf(db, organizationId, webhookId);
  if (!webhook) throw notFound('Webhook');
  if (!webhook.active) throw conflict('The webhook is turned off: turn it on to send a test event.');
  // A fresh key each time: a test event is never a repeat of an earlier one.
  const jobId = await enqueueJob(db, {
    kind: 'webhook_delivery',
    organizationId,
    dedupeKey: randomUUID(),
    payload: {
      webhook_id: webhookId,
      event: WEBHOOK_TEST_EVENT,
      occurred_at: new Date().toISOString(),
      data: { webhook_id: webhookId, message: 'A test event from Figgle.', actor_id: user.user_id },
    },
  });
  if (!jobId) throw new Error('A new random key was already stored');
  wakeWorkers(db);
  return { delivery_id: jobId };
}
