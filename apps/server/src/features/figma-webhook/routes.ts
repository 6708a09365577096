import { figmaWebhookReceiptSchema } from '@figgle/shared/figma-webhook-schemas';
import type { AppInstance } from '../../app-types.ts';
import { isPendingPasscode, passcodeMatches } from '../../figma/passcodes.ts';
import { envelopeSchema, type FigmaWebhookEventType } from '../../figma/webhook-delivery.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { wakeWorkers } from '../../jobs/wake.ts';
import type { FigmaDeliveryOutcome } from '../../metrics/server-metrics.ts';
import { DELIVERY_KINDS } from './delivery-kinds.ts';
import { presentReceipt } from './presenter.ts';
import { organizationLinksFile } from './queries.ts';

/** Far above a real delivery (a long comment with mentions is a few KB), far below the app's limit. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const refused = () =>
  new HttpError(400, 'webhook_refused', 'Unknown webhook or wrong passcode: the delivery was not stored.');

/**
 * POST /api/figma/webhook, called by Figma's servers (no session, no Origin check): a delivery is
 * authenticated by its webhook_id and passcode, compared in constant time with those of the
 * organization's webhook of that event type (table figma_webhook, one webhook per event type).
 * Figma does not send again what it got a 200 for, and counts a slow answer as a failure: the
 * delivery is stored as a job (one statement, keyed as its entry of delivery-kinds.ts says, so Figma's
 * retry stores nothing new) and answered once that has committed; the work, which may wait for Figma, is
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
          "Figma's webhook deliveries (PING, FILE_COMMENT, DEV_MODE_STATUS_UPDATE, FILE_VERSION_UPDATE, FILE_UPDATE), authenticated by webhook_id and passcode.",
        response: { 200: figmaWebhookReceiptSchema },
      },
    },
    async (request) => {
      // Each answer is counted by event type and outcome for GET /metrics (metrics/server-metrics.ts).
      const counted = (outcome: FigmaDeliveryOutcome, eventType?: string) =>
        app.deps.metrics.figmaDeliveryReceived(eventType, outcome);
      const envelope = envelopeSchema.safeParse(request.body);
      if (!envelope.success) {
        counted('refused');
        throw refused();
      }
      const { event_type: eventType, webhook_id: webhookId, passcode } = envelope.data;

      const webhook = await app.deps.db
        .selectFrom('figma_webhook')
        .select(['organization_id', 'event_type', 'passcode'])
        .where('webhook_id', '=', webhookId)
        .executeTakeFirst();
      // Compared even for an unknown id, so the answer takes as long either way.
      const authentic = passcodeMatches(passcode, webhook?.passcode ?? 'no-such-webhook');
      if (!webhook || !authentic) {
        if (eventType === 'PING' && isPendingPasscode(passcode)) {
          counted('ping', eventType);
          return presentReceipt();
        }
        counted('refused', eventType);
        throw refused();
      }
      if (eventType === 'PING') {
        counted('ping', eventType);
        return presentReceipt();
      }
      const deliveryKind = DELIVERY_KINDS[eventType as FigmaWebhookEventType];
      // Figma sends a webhook only the event type it was registered for: another is answered, dropped.
      if (eventType !== webhook.event_type || !deliveryKind) {
        counted('ignored', eventType);
        return presentReceipt(eventType);
      }
      const delivery = deliveryKind.schema.safeParse(request.body);
      if (!delivery.success) {
        counted('malformed', eventType);
        throw new HttpError(400, 'bad_delivery', `This ${eventType} delivery is malformed.`);
      }
      const organizationId = webhook.organization_id;
      const fileKey = deliveryKind.fileKey(delivery.data);
      if (
        deliveryKind.linkedFilesOnly &&
        !(await organizationLinksFile(app.deps.db, organizationId, fileKey))
      ) {
        request.log.info({ eventType, fileKey }, 'Figma delivery about a file no task or project links');
        counted('ignored', eventType);
        return presentReceipt(eventType);
      }
      // The parsed delivery, not the body as received: the passcode is not kept.
      await enqueueJob(app.deps.db, {
        kind: deliveryKind.jobKind,
        organizationId,
        dedupeKey: deliveryKind.dedupeKey(delivery.data),
        payload: delivery.data as Record<string, unknown>,
      });
      wakeWorkers(app.deps.db);
      counted('stored', eventType);
      return presentReceipt();
    },
  );
}
