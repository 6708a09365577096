import { COMMENT_NOT_YOURS_MESSAGE } from '@figgle/shared/comment-schemas';
import type { Kysely } from 'kysely';
import type { AppUser, Database } from '../db/schema.ts';
import { authorize } from './authorize.ts';
import { forbidden, notFound } from './policy-errors.ts';

export interface CommentPlace {
  organizationId: string;
  projectId: string;
  taskId: string;
}

/**
 * Who may edit or delete a comment (docs/product.md#comments): its author, while they hold a rule in
 * the organization and the task and its project are live. No rule, or a task deleted meanwhile, is a
 * 404 (a deleted task's comments are gone with it); someone else's comment, or one from Figma, a 403.
 */
export async function authorizeCommentAuthor(
  db: Kysely<Database>,
  user: AppUser,
  action: 'comment.edit' | 'comment.delete',
  commentId: string,
): Promise<CommentPlace> {
  const row = await db
    .selectFrom('comment')
    .innerJoin('task', 'task.task_id', 'comment.task_id')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['project.organization_id', 'task.project_id', 'task.task_id', 'comment.author_id'])
    .where('comment.comment_id', '=', commentId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Comment');
  await authorize(db, user, action, row.organization_id, 'Comment');
  if (row.author_id !== user.user_id) throw forbidden(COMMENT_NOT_YOURS_MESSAGE);
  return { organizationId: row.organization_id, projectId: row.project_id, taskId: row.task_id };
}
