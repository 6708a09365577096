import { z } from 'zod';
import { commentSchema, personSchema } from './comment-schemas.ts';
import { logMetadataSchema, logTypeSchema } from './log-type.ts';

/** A change-log line of the task page; `author` null means Figma made the change. */
const timelineLogSchema = z.object({
  kind: z.literal('log'),
  log_id: z.uuid(),
  type: logTypeSchema,
  author_id: z.uuid().nullable(),
  author: personSchema.nullable(),
  metadata: logMetadataSchema,
  /** When the change happened; for collapsed description edits, the latest of them. */
  at: z.string(),
});
export type TimelineLogView = z.infer<typeof timelineLogSchema>;

const timelineCommentSchema = commentSchema.extend({ kind: z.literal('comment'), at: z.string() });
export type TimelineCommentView = z.infer<typeof timelineCommentSchema>;

const timelineItemSchema = z.discriminatedUnion('kind', [timelineCommentSchema, timelineLogSchema]);
export type TimelineItemView = z.infer<typeof timelineItemSchema>;

/** GET /api/tasks/:taskId/timeline: oldest first; `names` holds every user a log line mentions. */
export const timelineSchema = z.object({
  items: z.array(timelineItemSchema),
  names: z.record(z.string(), z.string()),
});
export type TimelineView = z.infer<typeof timelineSchema>;
