import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type CommentWithUser = Awaited<ReturnType<typeof commentsOfTask>>[number];

/** A task's comments, oldest first, each with its author's names when the author is a person. */
export async function commentsOfTask(db: Kysely<Database>, taskId: string, commentId?: string) {
  let query = db
    .selectFrom('comment')
    .leftJoin('app_user', 'app_user.user_id', 'comment.author_id')
    .select([
      'comment.comment_id',
      'comment.task_id',
      'comment.author_id',
      'comment.author_name',
      'comment.content_json',
      'comment.figma_comment_id',
      'comment.created_at',
      'comment.edited_at',
      'comment.imported',
      'app_user.firstname',
      'app_user.lastname',
    ])
    .where('comment.task_id', '=', taskId)
    .orderBy('comment.created_at', 'asc')
    .orderBy('comment.comment_id', 'asc');
  if (commentId) query = query.where('comment.comment_id', '=', commentId);
  return query.execute();
}
