import { z } from 'zod';
import { richTextSchema } from './delta.ts';

/** POST /api/tasks/:taskId/comments. A blank comment is refused with COMMENT_EMPTY_MESSAGE. */
export const createCommentInput = z.object({ content_json: richTextSchema });
export type CreateCommentInput = z.input<typeof createCommentInput>;

export const COMMENT_EMPTY_MESSAGE = 'The comment is empty.';

export const personSchema = z.object({ user_id: z.uuid(), firstname: z.string(), lastname: z.string() });

/** A comment as the task page shows it. `user` is null for a comment that came from Figma. */
export const commentSchema = z.object({
  comment_id: z.uuid(),
  task_id: z.uuid(),
  author_id: z.uuid().nullable(),
  author_name: z.string(),
  user: personSchema.nullable(),
  content_json: z.object({ ops: z.array(z.record(z.string(), z.unknown())) }),
  is_from_figma: z.boolean(),
  created_at: z.string(),
});
export type CommentView = z.infer<typeof commentSchema>;
