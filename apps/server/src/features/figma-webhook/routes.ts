import { figmaWebhookReceiptSchema } from '@figgle/shared/figma-webhook-schemas';
import type { AppInstance } from '../../app-types.ts';
import { isPendingPasscode, passcodeMatches } from '../../figma/passcodes.ts';
import { envelopeSchema, fileCommentSchema } from '../../figma/webhook-delivery.ts';
import { HttpError } from '../../http/errors.ts';
import { FIGMA_DELIVERY_JOB } from '../../jobs/job-kinds.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { wakeWorkers } from '../../jobs/wake.ts';
import { presentReceipt } from './presenter.ts';

/** Far above a real delivery (a long comment with mentions is a few KB), far below the app's limit. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const refused = () =>
  new HttpError(400, 'webhook_refused', 'Unknown webhook or wrong passcode: the delivery was not stored.');

/**
 * POST /api/figma/webhook, called by Figma's servers (no session, no Origin check): a delivery is
 * authenticated by its webhook_id and passcode, compared in constant time with the organization's.
 * Figma does not send again what it got a 200 for, and counts a slow answer as a failure: the
 * delivery is stored as a job (one statement, keyed by organization and comment id, so Figma's retry
 * stores nothing new) and answered once that has committed; the work, which may wait for Figma, is
 * done by the job worker (src/jobs/).
 */
export async function figmaWebhookRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/figma/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['figma'],
        description:
          "Figma's webhook deliveries (PING, FILE_COMMENT), authenticated by webhook_id and passcode.",
        response: { 200: figmaWebhookReceiptSchema },
      },
    },
    async (request) => {
      const envelope = envelopeSchema.safeParse(request.body);
      if (!envelope.success) throw refused();
      const { event_type: eventType, webhook_id: webhookId, passcode } = envelope.data;

      const organization = await app.deps.db
        .selectFrom('organization')
        .select(['organization_id', 'figma_webhook_passcode'])
        .where('figma_webhook_id', '=', webhookId)
        .executeTakeFirst();
      // Compared even for an unknown id, so the answer takes as long either way.
      const authentic = passcodeMatches(passcode, organization?.figma_webhook_passcode ?? 'no-such-webhook');
      if (!organization || !authentic) {
        if (eventType === 'PING' && isPendingPasscode(passcode)) return presentReceipt();
        throw refused();
      }

      if (eventType === 'PING') return presentReceipt();
      if (eventType !== 'FILE_COMMENT') return presentReceipt(eventType);

      const delivery = fileCommentSchema.safeParse(request.body);
      if (!delivery.success) {
        throw new HttpError(400, 'bad_delivery', 'This FILE_COMMENT delivery is malformed.');
      }
      // The parsed delivery, not the body as received: the passcode is not kept.
      await enqueueJob(app.deps.db, {
        kind: FIGMA_DELIVERY_JOB,
        organizationId: organization.organization_id,
        dedupeKey: delivery.data.comment_id,
        payload: delivery.data,
      });
      wakeWorkers(app.deps.db);
      return presentReceipt();
    },
  );
}
