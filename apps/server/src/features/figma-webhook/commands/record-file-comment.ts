import { figmaCommentText, figmaEventKind, figmaNodeUrl, figmaTaskTitle } from '@figgle/shared/figma';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { type Announcement, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { pinnedNodeId } from '../../../figma/client.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';
import { commentDate, type FileCommentDelivery } from '../../../figma/webhook-delivery.ts';
import {
  announceCommentCreated,
  type CreatedComment,
  createComment,
} from '../../comments/commands/create-comment.ts';
import { announceTaskCreated, type CreatedTask, insertTask } from '../../tasks/commands/insert-task.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'bus'> & {
  log: { warn(object: object, message: string): void };
};

/** Who a task or comment from Figma is shown as when no person of Figgle wrote it. */
const FIGMA_AUTHOR_NAME = 'Figma';

export interface RecordedComment {
  eventId: string;
  kind: 'TASK' | 'REPLY' | 'COMMENT';
  task: CreatedTask | null;
  comment: CreatedComment | null;
  /** Replies stored before their root became this task (the root's processing had failed and was retried). */
  adopted: CreatedComment[];
}

export interface RecordOptions {
  /** Written in the same transaction as the event (the job that carried the delivery marks itself done). */
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * One FILE_COMMENT delivery, already authenticated as coming for `organizationId` and stored as a job.
 * Stores the event (whatever its kind, for the radar); a '#task' comment on a linked file becomes a
 * task in the linked project; a reply in a thread whose root became a task becomes a comment on that
 * task. A comment_id already stored for the organization changes nothing (returns null). Figma's
 * answer about where the comment is pinned is needed for a task: when Figma fails, this throws its
 * FigmaError and the job decides whether to try again.
 */
export async function recordFileComment(
  deps: Deps,
  organizationId: string,
  delivery: FileCommentDelivery,
  options: RecordOptions = {},
): Promise<RecordedComment | null> {
  const { db, bus } = deps;
  if (await alreadyStored(db, organizationId, delivery.comment_id)) {
    if (options.alsoInTransaction) await db.transaction().execute(options.alsoInTransaction);
    return null;
  }

  const text = figmaCommentText(delivery.comment, delivery.mentions).trim();
  const kind = figmaEventKind(text, delivery.parent_id);
  const linkedProjectId = await linkedProjectOf(db, organizationId, delivery.file_key);
  // The delivery does not say where the comment is pinned: Figma's comments API does (outside
  // any transaction: PGlite has one connection and Figma may be slow).
  const nodeId =
    kind === 'TASK' && linkedProjectId ? await pinnedNodeFromFigma(deps, organizationId, delivery) : null;
  const clientMeta =
    kind === 'TASK' ? { figma_file_key: delivery.file_key, ...(nodeId ? { node_id: nodeId } : {}) } : null;
  const handle = delivery.triggered_by.handle.trim() || FIGMA_AUTHOR_NAME;

  const write = () =>
    db.transaction().execute(async (trx) => {
      const event = await trx
        .insertInto('figma_event')
        .values({
          organization_id: organizationId,
          figma_event_type: 'FILE_COMMENT',
          figma_comment_id: delivery.comment_id,
          figma_parent_id: delivery.parent_id,
          figma_file_key: delivery.file_key,
          figma_file_name: delivery.file_name,
          figma_triggered_by: delivery.triggered_by.handle,
          kind,
          figma_client_meta: clientMeta === null ? null : JSON.stringify(clientMeta),
          content: text,
          project_id: linkedProjectId,
          created_at: commentDate(delivery),
        })
        .onConflict((oc) => oc.columns(['organization_id', 'figma_comment_id']).doNothing())
        .returning('figma_event_id')
        .executeTakeFirst();
      if (!event) {
        await options.alsoInTransaction?.(trx);
        return null;
      }

      let task: CreatedTask | null = null;
      let comment: CreatedComment | null = null;
      let adopted: CreatedComment[] = [];
      if (kind === 'TASK' && linkedProjectId) {
        task = await insertTask(trx, {
          projectId: linkedProjectId,
          title: figmaTaskTitle(text, delivery.file_name),
          status: 'TODO',
          assigneeId: null,
          authorId: null,
          authorName: FIGMA_AUTHOR_NAME,
          contentJson: taskDescription(text, delivery.file_key, nodeId),
          isFromFigma: true,
          figmaClientMeta: clientMeta,
        });
        await trx
          .updateTable('figma_event')
          .set({ task_id: task.taskId })
          .where('figma_event_id', '=', event.figma_event_id)
          .execute();
        adopted = await adoptEarlierReplies(trx, organizationId, delivery.comment_id, task);
      } else if (kind === 'REPLY' && delivery.parent_id && text) {
        const root = await trx
          .selectFrom('figma_event')
          .innerJoin('task', 'task.task_id', 'figma_event.task_id')
          .select(['figma_event.task_id', 'task.project_id'])
          .where('figma_event.organization_id', '=', organizationId)
          .where('figma_event.figma_comment_id', '=', delivery.parent_id)
          .where('task.deleted_at', 'is', null)
          .executeTakeFirst();
        if (root?.task_id) {
          comment = await replyAsComment(
            trx,
            { eventId: event.figma_event_id, figmaCommentId: delivery.comment_id, author: handle, text },
            { taskId: root.task_id, projectId: root.project_id },
          );
        }
      }
      await options.alsoInTransaction?.(trx);
      return { eventId: event.figma_event_id, kind, task, comment, adopted };
    });
  return publishAfterCommit(bus, write, (recorded) =>
    recorded ? announceRecorded(recorded, organizationId) : null,
  );
}

/** The event for the radar first, then the task or comments it became. */
function announceRecorded(recorded: RecordedComment, organizationId: string): Announcement[] {
  return [
    { event: { kind: 'figma_event', action: 'created', id: recorded.eventId, organizationId } },
    ...(recorded.task ? [announceTaskCreated(recorded.task, null)] : []),
    ...(recorded.comment ? announceCommentCreated(recorded.comment) : []),
    ...recorded.adopted.flatMap(announceCommentCreated),
  ];
}

/** Replies of the thread stored while its root was not a task yet become comments on the new task. */
async function adoptEarlierReplies(
  trx: Transaction<Database>,
  organizationId: string,
  rootCommentId: string,
  task: CreatedTask,
): Promise<CreatedComment[]> {
  const replies = await trx
    .selectFrom('figma_event')
    .select(['figma_event_id', 'figma_comment_id', 'figma_triggered_by', 'content'])
    .where('organization_id', '=', organizationId)
    .where('figma_parent_id', '=', rootCommentId)
    .where('kind', '=', 'REPLY')
    .where('task_id', 'is', null)
    .where('content', '!=', '')
    .orderBy('created_at', 'asc')
    .execute();
  const adopted: CreatedComment[] = [];
  for (const reply of replies) {
    adopted.push(
      await replyAsComment(
        trx,
        {
          eventId: reply.figma_event_id,
          figmaCommentId: reply.figma_comment_id,
          author: reply.figma_triggered_by.trim() || FIGMA_AUTHOR_NAME,
          text: reply.content,
        },
        task,
      ),
    );
  }
  return adopted;
}

/** A reply of a Figma thread becomes a comment on the thread's task, and its event points at the task. */
async function replyAsComment(
  trx: Transaction<Database>,
  reply: { eventId: string; figmaCommentId: string; author: string; text: string },
  task: { taskId: string; projectId: string },
): Promise<CreatedComment> {
  const comment = await createComment(trx, {
    taskId: task.taskId,
    authorId: null,
    authorName: reply.author,
    contentJson: { ops: [{ insert: `${reply.text}\n` }] },
    figmaCommentId: reply.figmaCommentId,
  });
  await trx
    .updateTable('figma_event')
    .set({ task_id: task.taskId, project_id: task.projectId })
    .where('figma_event_id', '=', reply.eventId)
    .execute();
  return comment;
}

async function alreadyStored(
  db: Kysely<Database>,
  organizationId: string,
  commentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('figma_event')
    .select('figma_event_id')
    .where('organization_id', '=', organizationId)
    .where('figma_comment_id', '=', commentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The live project of this organization the file is linked to (the oldest link when several). */
async function linkedProjectOf(
  db: Kysely<Database>,
  organizationId: string,
  fileKey: string,
): Promise<string | null> {
  const link = await db
    .selectFrom('file')
    .innerJoin('project', 'project.project_id', 'file.project_id')
    .select('file.project_id')
    .where('file.figma_file_id', '=', fileKey)
    .where('file.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .where('project.organization_id', '=', organizationId)
    .orderBy('file.created_at', 'asc')
    .orderBy('file.file_id', 'asc')
    .executeTakeFirst();
  return link?.project_id ?? null;
}

/**
 * The design node the comment is pinned to; null when it is not pinned to a node or the organization
 * has no Figma token. Figma failing throws (FigmaError).
 */
async function pinnedNodeFromFigma(
  deps: Pick<Deps, 'db' | 'env'>,
  organizationId: string,
  comment: { file_key: string; comment_id: string },
): Promise<string | null> {
  const token = await tokenOfOrganization(deps.db, deps.env, organizationId);
  if (!token) return null;
  const comments = await figmaClient(deps.env, token).getComments(comment.file_key);
  return pinnedNodeId(comments.find((candidate) => candidate.id === comment.comment_id));
}

/** The design node the comment is pinned to, or null (not pinned to a node, no token, Figma failing). */
export async function pinnedNodeOf(
  deps: Deps,
  organizationId: string,
  comment: { file_key: string; comment_id: string },
): Promise<string | null> {
  try {
    return await pinnedNodeFromFigma(deps, organizationId, comment);
  } catch (error) {
    deps.log.warn(
      { fileKey: comment.file_key, reason: error instanceof Error ? error.message : String(error) },
      'Figma comment pin not found',
    );
    return null;
  }
}

/** The task's description: the comment as written, then a link to it in Figma. */
export function taskDescription(
  text: string,
  fileKey: string,
  nodeId: string | null,
): { ops: Array<Record<string, unknown>> } {
  const link = nodeId ? figmaNodeUrl(fileKey, nodeId) : `https://www.figma.com/design/${fileKey}`;
  return {
    ops: [
      ...(text ? [{ insert: `${text}\n` }] : []),
      { insert: 'Open in Figma', attributes: { link } },
      { insert: '\n' },
    ],
  };
}
