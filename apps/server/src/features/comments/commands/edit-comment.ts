import { COMMENT_EMPTY_MESSAGE } from '@figgle/shared/comment-schemas';
import { type DeltaDocument, isDeltaBlank } from '@figgle/shared/delta';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorizeCommentAuthor } from '../../../policies/comments.ts';
import { type CommentWithUser, commentsOfTask } from '../queries.ts';
import { commentChangeFacts, logCommentChange } from './comment-change-log.ts';

export interface EditCommentInput {
  commentId: string;
  /** Checked by the route's schema (editCommentInput): a valid document within the length limit. */
  content_json: DeltaDocument;
}

/**
 * Its author replaces a comment's text (PATCH /api/comments/:commentId): the comment with its
 * edited_at, and a COMMENT_EDIT log line. The same text again changes nothing. Mentions added by an
 * edit notify nobody: people were told of the comment when it was posted.
 */
export async function editComment(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { commentId, content_json }: EditCommentInput,
): Promise<CommentWithUser> {
  if (isDeltaBlank(content_json))
    throw badRequest(COMMENT_EMPTY_MESSAGE, [{ path: 'content_json', message: 'is empty' }]);
  const place = await authorizeCommentAuthor(db, user, 'comment.edit', commentId);
  const text = JSON.stringify(content_json);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      // The task may have been deleted since the check: then the comment is gone with it.
      const live = await trx
        .selectFrom('comment')
        .innerJoin('task', 'task.task_id', 'comment.task_id')
        .select(['comment.content_json'])
        .where('comment.comment_id', '=', commentId)
        .where('task.deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!live) throw notFound('Comment');
      if (JSON.stringify(live.content_json) === text) return { logId: null };
      const now = new Date();
      await trx
        .updateTable('comment')
        .set({ content_json: text, edited_at: now })
        .where('comment_id', '=', commentId)
        .execute();
      return {
        logId: await logCommentChange(trx, place, user, { type: 'COMMENT_EDIT', commentId, at: now }),
      };
    },
    ({ logId }) => {
      if (logId === null) return [];
      const facts = commentChangeFacts(place, user);
      return [
        { event: { kind: 'comment', action: 'updated', id: commentId, ...facts } },
        { event: { kind: 'log', action: 'created', id: logId, ...facts } },
      ];
    },
  );
  const [row] = await commentsOfTask(db, place.taskId, commentId);
  if (!row) throw notFound('Comment');
  return row;
}
