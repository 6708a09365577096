import { z } from 'zod';

/** Entries of "For me" per page, and the most a client may ask for. */
const NOTIFICATION_PAGE_SIZE = 20;
const NOTIFICATION_PAGE_MAX = 50;
/** Characters of a comment's or description's words kept with a mention or a comment. */
export const NOTIFICATION_EXCERPT_MAX = 200;

/** An opaque place in the list: the last entry's time and id (base64url), from next_cursor. */
const cursorPattern = /^[A-Za-z0-9_-]{1,200}$/;

export const notificationsQuery = z.object({
  cursor: z.string().regex(cursorPattern, 'cursor must be a next_cursor of an earlier page.').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be 1 or more.')
    .max(NOTIFICATION_PAGE_MAX, `limit is at most ${NOTIFICATION_PAGE_MAX}.`)
    .default(NOTIFICATION_PAGE_SIZE),
});

const NOTIFICATION_KINDS = ['mention', 'assignment', 'comment', 'change', 'design_changed'] as const;

const personSchema = z.object({ user_id: z.uuid(), firstname: z.string(), lastname: z.string() });

const notificationSchema = z.object({
  notification_id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * mention: { where: 'comment' | 'description', commentId?, excerpt }; assignment: {};
   * comment: { commentId, excerpt }; change: { field, from, to, fields }.
   */
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read: z.boolean(),
  /** null: the change came from Figma, or its author's account is gone. */
  actor: personSchema.nullable(),
  task: z.object({ task_id: z.uuid(), reference: z.number().int(), title: z.string() }),
  project: z.object({ project_id: z.uuid(), name: z.string(), emoji: z.string(), trigram: z.string() }),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  entries: z.array(notificationSchema),
  /** Pass as cursor for the next (older) page; null: this was the last. */
  next_cursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCountView = z.infer<typeof unreadCountSchema>;

export const watchersSchema = z.object({
  /** The signed-in person watches the task. */
  watching: z.boolean(),
  /** Everyone who watches it, the signed-in person included when they do, by name. */
  watchers: z.array(personSchema),
});
export type WatchersView = z.infer<typeof watchersSchema>;
