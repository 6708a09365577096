import { z } from 'zod';
import { INBOX_PAGE_SIZE, INBOX_QUERY_LIMIT } from './constants.ts';
import { logMetadataSchema, logTypeSchema } from './log-type.ts';

/** Deep pages cost a scan of every entry before them; nobody clicks See more a thousand times. */
const INBOX_OFFSET_MAX = 10_000;
/** Characters of a comment's text shown in the inbox. */
export const INBOX_COMMENT_EXCERPT_MAX = 200;

export const inboxQuery = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a whole number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset must be 0 or more.')
    .max(INBOX_OFFSET_MAX, `offset is at most ${INBOX_OFFSET_MAX}.`)
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be 1 or more.')
    .max(INBOX_QUERY_LIMIT, `limit is at most ${INBOX_QUERY_LIMIT}.`)
    .default(INBOX_PAGE_SIZE),
});

const personSchema = z.object({ user_id: z.uuid(), firstname: z.string(), lastname: z.string() });

const inboxEntrySchema = z.object({
  /** The log entry's id. */
  entry_id: z.uuid(),
  /** COMMENT for a new comment (its words in `comment`), CREATION for a new task, else what changed. */
  type: logTypeSchema,
  created_at: z.string(),
  /** null: the change came from Figma. */
  author: personSchema.nullable(),
  /** For a Figma comment, the commenter's handle; '' otherwise. */
  author_name: z.string(),
  task: z.object({ task_id: z.uuid(), reference: z.number().int(), title: z.string() }),
  project: z.object({ project_id: z.uuid(), name: z.string(), emoji: z.string(), trigram: z.string() }),
  /** Old and new values of what the entry changed ({} for a comment). */
  metadata: logMetadataSchema,
  /** Display names of the assignees named in metadata, by user id (for describeLogChange). */
  people: z.record(z.string(), z.string()),
  /** Names in the task's project of the statuses named in metadata, by key (for describeLogChange). */
  status_names: z.record(z.string(), z.string()),
  /** The first words of a new comment; null for other entries. */
  comment: z.string().nullable(),
});
export type InboxEntryView = z.infer<typeof inboxEntrySchema>;

export const inboxPageSchema = z.object({
  entries: z.array(inboxEntrySchema),
  /** More entries exist after this page. */
  has_more: z.boolean(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxStatusSchema = z.object({
  /** Someone else did something in one of the user's organizations since the last inbox visit. */
  has_new: z.boolean(),
  inbox_seen_at: z.string(),
});
export type InboxStatusView = z.infer<typeof inboxStatusSchema>;
