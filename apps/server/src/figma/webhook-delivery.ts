import { z } from 'zod';

// What Figma POSTs to /api/figma/webhook (docs/figma-api.md#file_comment).
// Ids may come as strings or numbers; they are kept as strings.

const figmaId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[A-Za-z0-9_:-]{1,100}$/));

/** Just enough to authenticate a delivery of any type. */
export const envelopeSchema = z.object({
  event_type: z.string().max(100),
  webhook_id: figmaId,
  passcode: z.string().max(1000),
});

const person = z.object({ id: figmaId.optional(), handle: z.string().max(200).default('') });

const FIGMA_COMMENT_TEXT_MAX = 20_000;

export const fileCommentSchema = z.object({
  comment: z
    .array(
      z.object({
        text: z.string().max(FIGMA_COMMENT_TEXT_MAX).optional(),
        mention: figmaId.optional(),
      }),
    )
    .max(2000),
  comment_id: figmaId,
  parent_id: z
    .union([figmaId, z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  file_key: z.string().regex(/^[A-Za-z0-9]{10,128}$/),
  file_name: z.string().max(300).default(''),
  mentions: z
    .array(z.object({ id: figmaId, handle: z.string().max(200) }))
    .max(500)
    .default([]),
  triggered_by: person.default({ handle: '' }),
  created_at: z.string().max(64).optional(),
  timestamp: z.string().max(64).optional(),
});
export type FileCommentDelivery = z.infer<typeof fileCommentSchema>;

/**
 * When the comment was made, for the radar's order. Figma's created_at counts whole seconds, so a
 * delivery arriving within a minute is dated when it arrived (comments made in the same second keep
 * their order); a late one (Figma retries after minutes) keeps Figma's date.
 */
export function commentDate(delivery: FileCommentDelivery, now = new Date()): Date {
  const time = delivery.created_at ? Date.parse(delivery.created_at) : Number.NaN;
  if (Number.isNaN(time) || time > now.getTime() || now.getTime() - time < 60_000) return now;
  return new Date(time);
}

const fileKeySchema = z.string().regex(/^[A-Za-z0-9]{10,128}$/);

/** FILE_VERSION_UPDATE: someone saved a named version (docs/figma-api.md#design-changed-versions-and-renders). */
export const fileVersionUpdateSchema = z.object({
  event_type: z.literal('FILE_VERSION_UPDATE').default('FILE_VERSION_UPDATE'),
  file_key: fileKeySchema,
  file_name: z.string().max(300).default(''),
  version_id: figmaId,
  /** When the version was made; the delivery's timestamp stands in when absent. */
  created_at: z.string().max(64).optional(),
  description: z.string().max(5000).optional(),
  triggered_by: person.default({ handle: '' }),
  timestamp: z.string().max(64).optional(),
});
export type FileVersionUpdateDelivery = z.infer<typeof fileVersionUpdateSchema>;

/** FILE_UPDATE: the file was edited, sent after about 30 minutes without edits; names no version. */
export const fileUpdateSchema = z.object({
  event_type: z.literal('FILE_UPDATE').default('FILE_UPDATE'),
  file_key: fileKeySchema,
  file_name: z.string().max(300).default(''),
  /** When Figma sent it: what tells one FILE_UPDATE of a file from the next. */
  timestamp: z.string().min(1).max(64),
});
export type FileUpdateDelivery = z.infer<typeof fileUpdateSchema>;

/**
 * The event types Figgle registers a webhook for on a team's Save, one webhook each (Figma's
 * Webhooks V2 take one event type per webhook): docs/figma-api.md#more-event-types.
 */
export const FIGMA_WEBHOOK_EVENT_TYPES = [
  'FILE_COMMENT',
  'DEV_MODE_STATUS_UPDATE',
  'FILE_VERSION_UPDATE',
  'FILE_UPDATE',
] as const;
export type FigmaWebhookEventType = (typeof FIGMA_WEBHOOK_EVENT_TYPES)[number];

export const DEV_STATUSES = ['NONE', 'READY_FOR_DEV', 'COMPLETED'] as const;
export type DevStatus = (typeof DEV_STATUSES)[number];

/** DEV_MODE_STATUS_UPDATE: a layer's Dev Mode status changed (docs/figma-api.md#dev_mode_status_update). */
export const devModeStatusUpdateSchema = z.object({
  file_key: z.string().regex(/^[A-Za-z0-9]{10,128}$/),
  file_name: z.string().max(300).default(''),
  node_id: z.string().regex(/^[A-Za-z0-9_:;-]{1,200}$/),
  status: z.enum(DEV_STATUSES),
  triggered_by: person.default({ handle: '' }),
  timestamp: z.string().max(64),
});
