import { COMMENT_EMPTY_MESSAGE } from '@figgle/shared/comment-schemas';
import { isDeltaBlank, validateDelta } from '@figgle/shared/delta';
import type { Kysely, Transaction } from 'kysely';
import { logRow } from '../../../commands/log-rows.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Comment, Database } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { announceNotified, type Notified, recordComment } from '../../notifications/commands/record.ts';

export interface CreateCommentCommand {
  taskId: string;
  /** null for a comment that came from Figma. */
  authorId: string | null;
  authorName: string;
  /** A Delta; checked here whoever calls. */
  contentJson: unknown;
  /** Figma's comment id: the same id posted twice on a task gives back the first comment. */
  figmaCommentId?: string | null;
}

export interface CreatedComment {
  comment: Comment;
  organizationId: string;
  projectId: string;
  /** false when the Figma comment was already stored (nothing was written). */
  created: boolean;
  /** Who was told of it (the watchers, the people it mentions). */
  notified?: Notified;
}

/**
 * Adds a comment to a live task inside the caller's transaction: the comment, the task's
 * comments_total, a COMMENT log line (metadata { comment_id }) for the inbox, its watchers and
 * notifications (notifications/commands/record.ts). A blank or invalid document is refused before anything is
 * written; a mention of someone outside the organization undoes the transaction with a 400. Not a command: the command whose transaction this
 * is (addComment, recordFileComment) announces announceCommentCreated(...) after its commit.
 */
export async function createComment(
  trx: Transaction<Database> | Kysely<Database>,
  command: CreateCommentCommand,
): Promise<CreatedComment> {
  const checked = validateDelta(command.contentJson);
  if (!checked.ok) {
    throw badRequest(
      `Invalid comment: ${checked.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
      checked.issues,
    );
  }
  if (isDeltaBlank(checked.delta))
    throw badRequest(COMMENT_EMPTY_MESSAGE, [{ path: 'content_json', message: 'is empty' }]);

  const task = await trx
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['task.task_id', 'task.project_id', 'project.organization_id'])
    .where('task.task_id', '=', command.taskId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  const place = { organizationId: task.organization_id, projectId: task.project_id };

  if (command.figmaCommentId) {
    const existing = await trx
      .selectFrom('comment')
      .selectAll()
      .where('task_id', '=', command.taskId)
      .where('figma_comment_id', '=', command.figmaCommentId)
      .executeTakeFirst();
    if (existing) return { comment: existing, ...place, created: false };
  }

  const comment = await trx
    .insertInto('comment')
    .values({
      task_id: command.taskId,
      author_id: command.authorId,
      author_name: command.authorName.trim().slice(0, 200),
      content_json: JSON.stringify(checked.delta),
      figma_comment_id: command.figmaCommentId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('task')
    .set((eb) => ({ comments_total: eb('comments_total', '+', 1) }))
    .where('task_id', '=', command.taskId)
    .execute();
  await trx
    .insertInto('log')
    .values({
      ...logRow(
        { taskId: command.taskId, projectId: task.project_id, organizationId: task.organization_id },
        command.authorId,
        'COMMENT',
        { comment_id: comment.comment_id },
      ),
      created_at: comment.created_at,
      updated_at: comment.created_at,
    })
    .execute();
  const notified = await recordComment(
    trx,
    { taskId: command.taskId, ...place },
    command.authorId,
    comment.comment_id,
    checked.delta,
  );
  return { comment, ...place, created: true, notified };
}

/** The bus events of a committed comment: the comment, and the task whose comments_total changed. */
export function announceCommentCreated(created: CreatedComment): Announcement[] {
  if (!created.created) return [];
  const facts = {
    organizationId: created.organizationId,
    projectId: created.projectId,
    taskId: created.comment.task_id,
    actorId: created.comment.author_id,
  };
  return [
    { event: { kind: 'comment', action: 'created', id: created.comment.comment_id, ...facts } },
    { event: { kind: 'task', action: 'updated', id: created.comment.task_id, ...facts } },
    ...(created.notified ? announceNotified(created.notified) : []),
  ];
}
