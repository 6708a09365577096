import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeCommentAuthor } from '../../../policies/comments.ts';
import { commentChangeFacts, logCommentChange } from './comment-change-log.ts';

/**
 * Its author deletes a comment (DELETE /api/comments/:commentId): the row goes, the task's
 * comments_total drops by one, the notifications that quoted it go too (their excerpt was the
 * author's words), and a COMMENT_DELETE log line says who removed one. A second delete is a 404.
 */
export async function deleteComment(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { commentId }: { commentId: string },
): Promise<void> {
  const place = await authorizeCommentAuthor(db, user, 'comment.delete', commentId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const deleted = await trx
        .deleteFrom('comment')
        .where('comment_id', '=', commentId)
        .where('task_id', 'in', (eb) =>
          eb.selectFrom('task').select('task_id').where('deleted_at', 'is', null),
        )
        .returning('task_id')
        .executeTakeFirst();
      // Deleted meanwhile, or its task was.
      if (!deleted) throw notFound('Comment');
      await trx
        .updateTable('task')
        .set((eb) => ({ comments_total: sql<number>`greatest(${eb.ref('comments_total')} - 1, 0)` }))
        .where('task_id', '=', place.taskId)
        .execute();
      await trx
        .deleteFrom('notification')
        .where('task_id', '=', place.taskId)
        .where(sql<boolean>`detail->>'commentId' = ${commentId}`)
        .execute();
      return logCommentChange(trx, place, user, { type: 'COMMENT_DELETE', commentId });
    },
    (logId) => {
      const facts = commentChangeFacts(place, user);
      return [
        { event: { kind: 'comment', action: 'deleted', id: commentId, ...facts } },
        { event: { kind: 'task', action: 'updated', id: place.taskId, ...facts } },
        { event: { kind: 'log', action: 'created', id: logId, ...facts } },
      ];
    },
  );
}
