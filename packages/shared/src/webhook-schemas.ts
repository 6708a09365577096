import { z } from 'zod';

/** The events an outgoing webhook may ask for, in the order the settings page lists them. */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'comment.created',
  'figma_event.received',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "Send test event" sends, whatever events the webhook asked for. */
export const WEBHOOK_TEST_EVENT = 'ping';

export const WEBHOOK_URL_MAX = 2048;
/** How many webhooks one organization may have. */
export const WEBHOOKS_PER_ORGANIZATION = 20;

export const createWebhookInput = z.object({
  url: z
    .string({ error: 'The URL is required.' })
    .trim()
    .min(1, 'The URL is required.')
    .max(WEBHOOK_URL_MAX, `The URL is at most ${WEBHOOK_URL_MAX} characters.`),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event.' }), { error: 'Choose the events to send.' })
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

export const setWebhookActiveInput = z.object({ active: z.boolean() });

export const webhookParams = z.object({ organizationId: z.uuid(), webhookId: z.uuid() });

export const webhookSchema = z.object({
  webhook_id: z.uuid(),
  organization_id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_at: z.string(),
  /** Set when Figgle paused it after timeouts in a row (then active is false); null otherwise. */
  paused_at: z.string().nullable(),
  paused_reason: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the only time the signing secret leaves the server. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.array(webhookSchema);

const webhookDeliverySchema = z.object({
  attempt_id: z.uuid(),
  delivery_id: z.uuid(),
  event: z.string(),
  attempt: z.number().int(),
  outcome: z.enum(['succeeded', 'retrying', 'failed']),
  status_code: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookTestQueuedSchema = z.object({ delivery_id: z.uuid() });
