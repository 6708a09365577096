import { z } from 'zod';
import { STATUS_CATEGORIES } from './status-categories.ts';
import { taskStatusSchema } from './status-schema.ts';

/** Longer search text is cut to this many characters rather than refused. */
const SEARCH_TEXT_MAX = 200;
const SEARCH_LIMIT_DEFAULT = 20;
const SEARCH_LIMIT_MAX = 50;

export const SEARCH_KINDS = ['task', 'comment', 'project', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const searchKindSchema = z.enum(SEARCH_KINDS, {
  error: `A kind of result is one of ${SEARCH_KINDS.join(', ')}.`,
});

/**
 * GET /api/search. `q` is trimmed and cut to SEARCH_TEXT_MAX; an empty or punctuation-only text
 * answers empty groups. `cursor` comes from one group of a previous answer (`next_cursor`): with
 * it, only that group is answered, the next page of it, and the other groups come back empty.
 */
export const searchQuery = z.object({
  q: z
    .string({ error: 'The search text (q) is required.' })
    .transform((text) => text.trim().slice(0, SEARCH_TEXT_MAX).trim()),
  kinds: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((kind) => kind.trim())
        .filter((kind) => kind !== ''),
    )
    .pipe(z.array(searchKindSchema).min(1, 'Name at least one kind of result.'))
    .optional(),
  project_id: z.uuid('The project filter is not a valid id.').optional(),
  status: taskStatusSchema.optional(),
  /** A user id, `me` or `none` (tasks nobody is assigned to). */
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.uuid()], {
      error: 'The assignee filter is a user id, "me" or "none".',
    })
    .optional(),
  /** The project the user is looking at: `#12` then means task 12 of it. */
  context_project_id: z.uuid('The current project is not a valid id.').optional(),
  limit: z.coerce
    .number({ error: 'The limit is a number.' })
    .int('The limit is a whole number.')
    .min(1, 'The limit is at least 1.')
    .max(SEARCH_LIMIT_MAX, `The limit is at most ${SEARCH_LIMIT_MAX}.`)
    .default(SEARCH_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(200, 'The cursor is not one this server gave.').optional(),
});
export type SearchQuery = z.output<typeof searchQuery>;

/** A text with the places that matched: [start, end) offsets in UTF-16 code units. Never HTML. */
const markedTextSchema = z.object({
  text: z.string(),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type MarkedText = z.infer<typeof markedTextSchema>;

const searchPersonSchema = z.object({
  user_id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
});

const taskHitSchema = z.object({
  task_id: z.uuid(),
  project_id: z.uuid(),
  project_name: z.string(),
  /** The project's trigram, e.g. `CHE`. */
  project_code: z.string(),
  /** How people name the task: `CHE-12`. */
  reference: z.string(),
  /** The task's number inside its project (the 12 of `CHE-12`). */
  number: z.number().int(),
  title: markedTextSchema,
  status: taskStatusSchema,
  /** The status's name in the task's project ("In review"), and its category ("started"). */
  status_name: z.string(),
  status_category: z.enum(STATUS_CATEGORIES),
  assignee: searchPersonSchema.nullable(),
  /** Matching words of the description in context; null when only the title matched. */
  snippet: markedTextSchema.nullable(),
  /** The due day (`YYYY-MM-DD`), or the due instant when a time was set; both null without one. */
  due_on: z.string().nullable(),
  due_at: z.string().nullable(),
  /** The start day (`YYYY-MM-DD`), or null. */
  start_date: z.string().nullable(),
  updated_at: z.string(),
});
export type TaskHit = z.infer<typeof taskHitSchema>;

const commentHitSchema = z.object({
  comment_id: z.uuid(),
  task_id: z.uuid(),
  /** `CHE-12`. */
  task_reference: z.string(),
  task_title: z.string(),
  project_id: z.uuid(),
  project_code: z.string(),
  /** null for a comment that came from Figma. */
  author: searchPersonSchema.nullable(),
  snippet: markedTextSchema,
  created_at: z.string(),
});
export type CommentHit = z.infer<typeof commentHitSchema>;

const projectHitSchema = z.object({
  project_id: z.uuid(),
  name: markedTextSchema,
  code: z.string(),
  /** The project's emoji, as the sidebar shows it. */
  emoji: z.string(),
  organization_id: z.uuid(),
  organization_name: z.string(),
});
export type ProjectHit = z.infer<typeof projectHitSchema>;

const personHitSchema = z.object({
  user_id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** "Firstname Lastname" with the matching parts marked. */
  name: markedTextSchema,
});
export type PersonHit = z.infer<typeof personHitSchema>;

function group<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

export const searchAnswerSchema = z.object({
  tasks: group(taskHitSchema),
  comments: group(commentHitSchema),
  projects: group(projectHitSchema),
  people: group(personHitSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
