import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { figgleAddDefaultStatuses } from './functions/figgle-add-default-statuses.ts';
import { figgleChangeDetail } from './functions/figgle-change-detail.ts';
import { figgleChangeTask } from './functions/figgle-change-task.ts';
import { figgleCollectNotified } from './functions/figgle-collect-notified.ts';
import { figgleColumnLockKey } from './functions/figgle-column-lock-key.ts';
import { figgleCommentMatches } from './functions/figgle-comment-matches.ts';
import { figgleCommentSearchInsert } from './functions/figgle-comment-search-insert.ts';
import { figgleCommentSearchUpdate } from './functions/figgle-comment-search-update.ts';
import { figgleDeltaText } from './functions/figgle-delta-text.ts';
import { figgleDevResourceLinkChanged } from './functions/figgle-dev-resource-link-changed.ts';
import { figgleDevResourceTaskChanged } from './functions/figgle-dev-resource-task-changed.ts';
import { figgleDueText } from './functions/figgle-due-text.ts';
import { figgleEnqueueDevResource } from './functions/figgle-enqueue-dev-resource.ts';
import { figgleEnqueueDoneReply } from './functions/figgle-enqueue-done-reply.ts';
import { figgleEnqueueJob } from './functions/figgle-enqueue-job.ts';
import { figgleEnqueueNotificationEmails } from './functions/figgle-enqueue-notification-emails.ts';
import { figgleEnqueueRecurringTask } from './functions/figgle-enqueue-recurring-task.ts';
import { figgleEnqueueWebhooks } from './functions/figgle-enqueue-webhooks.ts';
import { figgleIsSearchWord } from './functions/figgle-is-search-word.ts';
import { figgleLeaveCycleOnMove } from './functions/figgle-leave-cycle-on-move.ts';
import { figgleLeaveMilestoneOnMove } from './functions/figgle-leave-milestone-on-move.ts';
import { figgleLinkCommentNode } from './functions/figgle-link-comment-node.ts';
import { figgleNoteNotified } from './functions/figgle-note-notified.ts';
import { figgleNoticeSessionWrite } from './functions/figgle-notice-session-write.ts';
import { figgleNotifyFromLog } from './functions/figgle-notify-from-log.ts';
import { figglePersonName } from './functions/figgle-person-name.ts';
import { figgleProjectDefaultStatuses } from './functions/figgle-project-default-statuses.ts';
import { figgleProjectWords } from './functions/figgle-project-words.ts';
import { figgleRankBetween } from './functions/figgle-rank-between.ts';
import { figgleRankIntegerLength } from './functions/figgle-rank-integer-length.ts';
import { figgleRankIntegerPart } from './functions/figgle-rank-integer-part.ts';
import { figgleRankMidpoint } from './functions/figgle-rank-midpoint.ts';
import { figgleRankStepInteger } from './functions/figgle-rank-step-integer.ts';
import { figgleReadLinkedDevStatus } from './functions/figgle-read-linked-dev-status.ts';
import { figgleRememberWords } from './functions/figgle-remember-words.ts';
import { figgleSearchVector } from './functions/figgle-search-vector.ts';
import { figgleStampStatusSince } from './functions/figgle-stamp-status-since.ts';
import { figgleStatusCategoryChanged } from './functions/figgle-status-category-changed.ts';
import { figgleTakeNotified } from './functions/figgle-take-notified.ts';
import { figgleTaskId } from './functions/figgle-task-id.ts';
import { figgleTaskMatches } from './functions/figgle-task-matches.ts';
import { figgleTaskSearchInsert } from './functions/figgle-task-search-insert.ts';
import { figgleTaskSearchUpdate } from './functions/figgle-task-search-update.ts';
import { figgleTaskStatusCategory } from './functions/figgle-task-status-category.ts';
import { figgleUnaccent } from './functions/figgle-unaccent.ts';
import { figgleUuidOrNull } from './functions/figgle-uuid-or-null.ts';
import { figgleWebhookCommentEvent } from './functions/figgle-webhook-comment-event.ts';
import { figgleWebhookFigmaEvent } from './functions/figgle-webhook-figma-event.ts';
import { figgleWebhookTaskEvent } from './functions/figgle-webhook-task-event.ts';
import { figgleWebhookTaskJson } from './functions/figgle-webhook-task-json.ts';
import { taskStatusCountAdd } from './functions/task-status-count-add.ts';
import { taskStatusCountTrack } from './functions/task-status-count-track.ts';
import { triggerAppUserWriteNotice } from './functions/trigger-app-user-write-notice.ts';
import { triggerAuthSessionWriteNotice } from './functions/trigger-auth-session-write-notice.ts';
import { triggerAuthUserWriteNotice } from './functions/trigger-auth-user-write-notice.ts';
import { triggerCommentSearchInsert } from './functions/trigger-comment-search-insert.ts';
import { triggerCommentSearchUpdate } from './functions/trigger-comment-search-update.ts';
import { triggerCommentWebhookCreated } from './functions/trigger-comment-webhook-created.ts';
import { triggerFigmaEventWebhookReceived } from './functions/trigger-figma-event-webhook-received.ts';
import { triggerLogNotify } from './functions/trigger-log-notify.ts';
import { triggerNotificationEmails } from './functions/trigger-notification-emails.ts';
import { triggerProjectDefaultStatuses } from './functions/trigger-project-default-statuses.ts';
import { triggerProjectSearchWords } from './functions/trigger-project-search-words.ts';
import { triggerProjectStatusCategoryChanged } from './functions/trigger-project-status-category-changed.ts';
import { triggerTaskCategoryRecurring } from './functions/trigger-task-category-recurring.ts';
import { triggerTaskDevResourceName } from './functions/trigger-task-dev-resource-name.ts';
import { triggerTaskDoneFigmaReply } from './functions/trigger-task-done-figma-reply.ts';
import { triggerTaskFigmaNodeDevResource } from './functions/trigger-task-figma-node-dev-resource.ts';
import { triggerTaskFigmaNodeReadsDevStatus } from './functions/trigger-task-figma-node-reads-dev-status.ts';
import { triggerTaskLeavesCycleOnMove } from './functions/trigger-task-leaves-cycle-on-move.ts';
import { triggerTaskLeavesMilestoneOnMove } from './functions/trigger-task-leaves-milestone-on-move.ts';
import { triggerTaskLinksCommentNode } from './functions/trigger-task-links-comment-node.ts';
import { triggerTaskSearchInsert } from './functions/trigger-task-search-insert.ts';
import { triggerTaskSearchUpdate } from './functions/trigger-task-search-update.ts';
import { triggerTaskStatusCategoryInsert } from './functions/trigger-task-status-category-insert.ts';
import { triggerTaskStatusCategoryUpdate } from './functions/trigger-task-status-category-update.ts';
import { triggerTaskStatusCountDelete } from './functions/trigger-task-status-count-delete.ts';
import { triggerTaskStatusCountInsert } from './functions/trigger-task-status-count-insert.ts';
import { triggerTaskStatusCountUpdate } from './functions/trigger-task-status-count-update.ts';
import { triggerTaskStatusRecurring } from './functions/trigger-task-status-recurring.ts';
import { triggerTaskStatusSince } from './functions/trigger-task-status-since.ts';
import { triggerTaskWebhookChanged } from './functions/trigger-task-webhook-changed.ts';
import { triggerTaskWebhookCreated } from './functions/trigger-task-webhook-created.ts';
import type { Database } from './schema.ts';

/**
 * A function or trigger of the database, as its full current text: a rule is changed by editing its
 * file under db/functions/, never by a new migration that repeats it
 * (docs/decisions/0031-database-functions-in-files.md). The files were taken from a database migrated to 0040.
 */
interface DatabaseFunction {
  /** What db_function keys it by: `function name(argument types)` or `trigger name on table`. */
  name: string;
  /** One statement: CREATE OR REPLACE FUNCTION …, or CREATE OR REPLACE TRIGGER … */
  text: string;
}

/** Every function and trigger of the database: the functions first, since triggers name them. */
export const databaseFunctions: readonly DatabaseFunction[] = [
  figgleAddDefaultStatuses,
  figgleChangeDetail,
  figgleChangeTask,
  figgleCollectNotified,
  figgleColumnLockKey,
  figgleCommentMatches,
  figgleCommentSearchInsert,
  figgleCommentSearchUpdate,
  figgleDeltaText,
  figgleDevResourceLinkChanged,
  figgleDevResourceTaskChanged,
  figgleDueText,
  // Before the functions that call it: the SQL-language ones are checked when created.
  figgleEnqueueJob,
  figgleEnqueueDevResource,
  figgleEnqueueDoneReply,
  figgleEnqueueNotificationEmails,
  figgleEnqueueRecurringTask,
  figgleEnqueueWebhooks,
  figgleIsSearchWord,
  figgleLeaveCycleOnMove,
  figgleLeaveMilestoneOnMove,
  figgleLinkCommentNode,
  figgleNoteNotified,
  figgleNoticeSessionWrite,
  figgleNotifyFromLog,
  figglePersonName,
  figgleProjectDefaultStatuses,
  figgleProjectWords,
  figgleRankBetween,
  figgleRankIntegerLength,
  figgleRankIntegerPart,
  figgleRankMidpoint,
  figgleRankStepInteger,
  figgleReadLinkedDevStatus,
  figgleRememberWords,
  figgleSearchVector,
  figgleStampStatusSince,
  figgleStatusCategoryChanged,
  figgleTakeNotified,
  figgleTaskId,
  figgleTaskMatches,
  figgleTaskSearchInsert,
  figgleTaskSearchUpdate,
  figgleTaskStatusCategory,
  figgleUnaccent,
  figgleUuidOrNull,
  figgleWebhookCommentEvent,
  figgleWebhookFigmaEvent,
  figgleWebhookTaskEvent,
  figgleWebhookTaskJson,
  taskStatusCountAdd,
  taskStatusCountTrack,
  triggerAppUserWriteNotice,
  triggerAuthSessionWriteNotice,
  triggerAuthUserWriteNotice,
  triggerCommentSearchInsert,
  triggerCommentSearchUpdate,
  triggerCommentWebhookCreated,
  triggerFigmaEventWebhookReceived,
  triggerLogNotify,
  triggerNotificationEmails,
  triggerProjectDefaultStatuses,
  triggerProjectSearchWords,
  triggerProjectStatusCategoryChanged,
  triggerTaskCategoryRecurring,
  triggerTaskDevResourceName,
  triggerTaskDoneFigmaReply,
  triggerTaskFigmaNodeDevResource,
  triggerTaskFigmaNodeReadsDevStatus,
  triggerTaskLeavesCycleOnMove,
  triggerTaskLeavesMilestoneOnMove,
  triggerTaskLinksCommentNode,
  triggerTaskSearchInsert,
  triggerTaskSearchUpdate,
  triggerTaskStatusCategoryInsert,
  triggerTaskStatusCategoryUpdate,
  triggerTaskStatusCountDelete,
  triggerTaskStatusCountInsert,
  triggerTaskStatusCountUpdate,
  triggerTaskStatusRecurring,
  triggerTaskStatusSince,
  triggerTaskWebhookChanged,
  triggerTaskWebhookCreated,
];

/** A fixed key of PostgreSQL's advisory locks: servers starting at once apply the files one after another. */
const APPLY_LOCK = 4_818_380;

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Runs after the last migration: applies each function and trigger whose text is not the one
 * db_function remembers (all of them on the first start after migrating from before this step), in
 * one transaction, and remembers the new checksums. Answers the names it applied. Never drops: a
 * function that goes away is dropped by a migration and its file deleted.
 */
export async function applyDatabaseFunctions(
  db: Kysely<Database>,
  functions: readonly DatabaseFunction[] = databaseFunctions,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${APPLY_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS db_function (name text PRIMARY KEY, checksum text NOT NULL)`.execute(
      trx,
    );
    const stored = await sql<{
      name: string;
      checksum: string;
    }>`SELECT name, checksum FROM db_function`.execute(trx);
    const known = new Map(stored.rows.map((row) => [row.name, row.checksum]));
    const applied: string[] = [];
    for (const { name, text } of functions) {
      const checksum = checksumOf(text);
      if (known.get(name) === checksum) continue;
      await sql.raw(text).execute(trx);
      await sql`
        INSERT INTO db_function (name, checksum) VALUES (${name}, ${checksum})
        ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum`.execute(trx);
      applied.push(name);
    }
    return applied;
  });
}
