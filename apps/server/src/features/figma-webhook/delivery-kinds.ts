import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  devModeStatusUpdateSchema,
  type FigmaWebhookEventType,
  fileCommentSchema,
  fileUpdateSchema,
  fileVersionUpdateSchema,
} from '../../figma/webhook-delivery.ts';
import { FIGMA_DELIVERY_JOB, FIGMA_DESIGN_CHANGE_JOB, FIGMA_DEV_STATUS_JOB } from '../../jobs/job-kinds.ts';

/**
 * What the webhook does with a delivery of each event type: read it with `schema`, store it as a
 * job of `jobKind` keyed by `dedupeKey` (Figma sends a delivery again when it missed our 200: the same
 * key stores nothing new), unless `linkedFilesOnly` and the organization links nothing of its file.
 * An event type without an entry is answered 200 and stored nowhere. Adding an event type is adding
 * its entry here (and its job handler to JOB_HANDLERS in app.ts).
 */
export interface DeliveryKind<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  jobKind: string;
  dedupeKey(delivery: z.infer<Schema>): string;
  fileKey(delivery: z.infer<Schema>): string;
  /** True: a delivery about a file the organization links nowhere is answered and dropped. */
  linkedFilesOnly: boolean;
}

function kind<Schema extends z.ZodType>(entry: DeliveryKind<Schema>): DeliveryKind {
  return entry as unknown as DeliveryKind;
}

/** A key of fixed length (the job table takes 200 characters) for what names one event. */
function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export const DELIVERY_KINDS: Partial<Record<FigmaWebhookEventType, DeliveryKind>> = {
  // Comments on any file of the team reach the radar, linked or not (as before issue 41).
  FILE_COMMENT: kind({
    schema: fileCommentSchema,
    jobKind: FIGMA_DELIVERY_JOB,
    dedupeKey: (delivery) => delivery.comment_id,
    fileKey: (delivery) => delivery.file_key,
    linkedFilesOnly: false,
  }),
  // One status change of one node, named by when Figma says it happened.
  DEV_MODE_STATUS_UPDATE: kind({
    schema: devModeStatusUpdateSchema,
    jobKind: FIGMA_DEV_STATUS_JOB,
    dedupeKey: (delivery) => digest(delivery.file_key, delivery.node_id, delivery.status, delivery.timestamp),
    fileKey: (delivery) => delivery.file_key,
    linkedFilesOnly: true,
  }),
  // A named version: its linked nodes are rendered at it (features/figma-design-changes/).
  FILE_VERSION_UPDATE: kind({
    schema: fileVersionUpdateSchema,
    jobKind: FIGMA_DESIGN_CHANGE_JOB,
    dedupeKey: (delivery) => digest('version', delivery.file_key, delivery.version_id),
    fileKey: (delivery) => delivery.file_key,
    linkedFilesOnly: true,
  }),
  // Edits after 30 minutes of quiet, named by when Figma sent them; the newest version stands for them.
  FILE_UPDATE: kind({
    schema: fileUpdateSchema,
    jobKind: FIGMA_DESIGN_CHANGE_JOB,
    dedupeKey: (delivery) => digest('update', delivery.file_key, delivery.timestamp),
    fileKey: (delivery) => delivery.file_key,
    linkedFilesOnly: true,
  }),
};
