import { z } from 'zod';
import { deltaToPlainText, richTextSchema } from './delta.ts';

/**
 * The longest comment a person writes, in characters of its text (an embed counts as its visible
 * name). The spec sets none; a comment is a remark, and a page of text belongs in the description.
 */
export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_TOO_LONG_MESSAGE = `A comment is at most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`;

/** A person's comment: a rich-text document of at most COMMENT_MAX_LENGTH characters. */
const commentContent = richTextSchema.refine(
  (delta) => deltaToPlainText(delta).length <= COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG_MESSAGE,
);

/** POST /api/tasks/:taskId/comments. A blank comment is refused with COMMENT_EMPTY_MESSAGE. */
export const createCommentInput = z.object({ content_json: commentContent });

/** PATCH /api/comments/:commentId: its author replaces the text; blank is refused as at creation. */
export const editCommentInput = z.object({ content_json: commentContent });

export const COMMENT_EMPTY_MESSAGE = 'The comment is empty.';
export const COMMENT_NOT_YOURS_MESSAGE = 'Only the author of a comment may edit or delete it.';

export const personSchema = z.object({ user_id: z.uuid(), firstname: z.string(), lastname: z.string() });

/**
 * A comment as the task page shows it. `user` is null for a comment that came from Figma or an
 * import; `is_imported` marks one an import brought in (its author is only `author_name`, as the
 * file said); `edited_at` is when its author last edited it (null: never), shown as "(edited)".
 */
export const commentSchema = z.object({
  comment_id: z.uuid(),
  task_id: z.uuid(),
  author_id: z.uuid().nullable(),
  author_name: z.string(),
  user: personSchema.nullable(),
  content_json: z.object({ ops: z.array(z.record(z.string(), z.unknown())) }),
  is_from_figma: z.boolean(),
  is_imported: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type CommentView = z.infer<typeof commentSchema>;
