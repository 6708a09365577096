import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { wakeWorkers } from '../../../jobs/wake.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import { type CommentWithUser, commentsOfTask } from '../queries.ts';
import { announceCommentCreated, createComment } from './create-comment.ts';

export interface AddCommentInput {
  taskId: string;
  /** A Delta; createComment checks it. */
  content_json: unknown;
}

/** The name a person's comment carries, kept on the row so it survives the account. */
const displayName = (user: { firstname: string; lastname: string; email: string }) =>
  `${user.firstname} ${user.lastname}`.trim() || user.email;

/** A signed-in person's comment on a task (POST /api/tasks/:taskId/comments): the row the presenter shows. */
export async function addComment(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, content_json }: AddCommentInput,
): Promise<CommentWithUser> {
  await authorizeOnTask(db, user, 'comment.create', taskId);
  const created = await publishAfterTransaction(
    { db, bus },
    (trx) =>
      createComment(trx, {
        taskId,
        authorId: user.user_id,
        authorName: displayName(user),
        contentJson: content_json,
      }),
    announceCommentCreated,
  );
  if (created.notified?.fanOutQueued) wakeWorkers(db);
  const [row] = await commentsOfTask(db, taskId, created.comment.comment_id);
  if (!row) throw new Error('The new comment cannot be read back');
  return row;
}
