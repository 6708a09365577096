import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { logRow } from '../../../commands/log-rows.ts';
import type { Database } from '../../../db/schema.ts';
import type { CommentPlace } from '../../../policies/comments.ts';

/**
 * The log line of its author's change to a comment (COMMENT_EDIT, COMMENT_DELETE), written in the
 * change's transaction, at `at` when the change has its own time. Answers the line's id.
 */
export async function logCommentChange(
  trx: Kysely<Database>,
  place: CommentPlace,
  user: CurrentUser,
  change: { type: 'COMMENT_EDIT' | 'COMMENT_DELETE'; commentId: string; at?: Date },
): Promise<string> {
  const log = await trx
    .insertInto('log')
    .values({
      ...logRow(place, user.user_id, change.type, { comment_id: change.commentId }),
      ...(change.at ? { created_at: change.at, updated_at: change.at } : {}),
    })
    .returning('log_id')
    .executeTakeFirstOrThrow();
  return log.log_id;
}

/** What each event of a change to a comment names: where the comment is, and who changed it. */
export function commentChangeFacts(place: CommentPlace, user: CurrentUser) {
  return {
    organizationId: place.organizationId,
    projectId: place.projectId,
    taskId: place.taskId,
    actorId: user.user_id,
  };
}
