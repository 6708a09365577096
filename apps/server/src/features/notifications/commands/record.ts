import type { DeltaDocument } from '@figgle/shared/delta';
import { type Kysely, sql } from 'kysely';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import { excerptOf, mentionedIds, requireMentionedMembers } from '../mentions.ts';

/**
 * Watchers and notifications written inside another feature's transaction (a comment, a
 * description): not commands. Rows go only to members of the task's organization and never to the
 * actor; one event gives a person one row at most (a mention is not also a comment). Task field
 * changes are told by the log trigger (db/functions/figgle-notify-from-log.ts) instead, whose
 * recipients the writing statement answers (`TOLD_JSON`).
 */

export interface TaskPlace {
  taskId: string;
  projectId: string;
  organizationId: string;
}

/** Who was told, for the live event each of them gets once the transaction has committed. */
export interface Notified extends TaskPlace {
  actorId: string | null;
  userIds: string[];
  /** The watchers are told by a job after the commit: whoever committed wakes the workers. */
  fanOutQueued?: boolean;
}

/** A mentioned person watches the task again, even after turning watching off. */
async function watchAsMentioned(trx: Kysely<Database>, taskId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await trx
    .insertInto('task_watcher')
    .values(userIds.map((user_id) => ({ task_id: taskId, user_id, reason: 'mentioned' as const })))
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet({ watching: true }))
    .execute();
}

async function tellMentioned(
  trx: Kysely<Database>,
  place: TaskPlace,
  actorId: string | null,
  userIds: readonly string[],
  detail: Record<string, unknown>,
): Promise<string[]> {
  const told = userIds.filter((id) => id !== actorId);
  if (told.length === 0) return [];
  const rows = await trx
    .insertInto('notification')
    .columns(['user_id', 'organization_id', 'project_id', 'task_id', 'actor_id', 'kind', 'detail'])
    .expression(
      trx
        .selectFrom('rule')
        .select((eb) => [
          'rule.user_id',
          eb.val(place.organizationId).as('organization_id'),
          eb.val(place.projectId).as('project_id'),
          eb.val(place.taskId).as('task_id'),
          eb.val(actorId).as('actor_id'),
          sql.lit('mention').as('kind'),
          eb.val(JSON.stringify(detail)).as('detail'),
        ])
        .where('rule.organization_id', '=', place.organizationId)
        .where('rule.user_id', 'in', told),
    )
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * A new comment: its author watches the task (unless they turned watching off), the people it
 * mentions watch it and get a 'mention', the other watchers a 'comment' (by a job when they are
 * many). Throws a 400 before any of it when the comment mentions someone outside the organization.
 */
export async function recordComment(
  trx: Kysely<Database>,
  place: TaskPlace,
  actorId: string | null,
  commentId: string,
  delta: DeltaDocument,
): Promise<Notified> {
  const mentioned = mentionedIds(delta);
  await requireMentionedMembers(trx, place.organizationId, mentioned, 'content_json');
  if (actorId) {
    await trx
      .insertInto('task_watcher')
      .values({ task_id: place.taskId, user_id: actorId, reason: 'commenter' })
      .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
      .execute();
  }
  await watchAsMentioned(trx, place.taskId, mentioned);
  const excerpt = excerptOf(delta);
  const toldOfMention = await tellMentioned(trx, place, actorId, mentioned, {
    where: 'comment',
    commentId,
    excerpt,
  });
  const news: CommentNews = {
    commentId,
    excerpt,
    skip: [...mentioned, ...(actorId ? [actorId] : [])],
  };
  if ((await watchersToTell(trx, place.taskId, news.skip)) > INLINE_FAN_OUT_LIMIT) {
    await enqueueJob(trx, {
      kind: COMMENT_FAN_OUT_JOB,
      organizationId: place.organizationId,
      dedupeKey: commentId,
      payload: { task_id: place.taskId, actor_id: actorId, ...news },
    });
    return { ...place, actorId, userIds: toldOfMention, fanOutQueued: true };
  }
  const told = await tellWatchersOfComment(trx, place, actorId, news);
  return { ...place, actorId, userIds: [...toldOfMention, ...told] };
}

/** What the watchers of a task are told of a new comment, and who is not told (author, mentioned). */
export interface CommentNews {
  commentId: string;
  excerpt: string;
  skip: string[];
}

/**
 * Up to this many watchers are told inside the comment's own transaction. More are told by a job
 * (COMMENT_FAN_OUT_JOB) stored in that transaction, run right after the commit: 200 notification
 * rows, each with its indexes and foreign keys checked, measured 20-50 ms on the embedded database
 * of a 2-core machine (bench/notifications.ts), which the author's request should not wait for.
 */
export const INLINE_FAN_OUT_LIMIT = 25;
export const COMMENT_FAN_OUT_JOB = 'comment_fan_out';

async function watchersToTell(trx: Kysely<Database>, taskId: string, skip: readonly string[]) {
  const { rows } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM task_watcher
    WHERE task_id = ${taskId}::uuid AND watching AND NOT (user_id = ANY (${skip}::uuid[]))
  `.execute(trx);
  return rows[0]?.total ?? 0;
}

/**
 * A 'comment' notification for each watcher of the task who is a member of its organization, but
 * those in `news.skip`. The membership is a lookup by the rule's unique key per watcher, whatever
 * the planner's statistics say (the embedded database analyzes only now and then).
 */
export async function tellWatchersOfComment(
  trx: Kysely<Database>,
  place: TaskPlace,
  actorId: string | null,
  news: CommentNews,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind, detail)
    SELECT task_watcher.user_id, ${place.organizationId}::uuid, ${place.projectId}::uuid,
      ${place.taskId}::uuid, ${actorId}::uuid, 'comment',
      ${JSON.stringify({ commentId: news.commentId, excerpt: news.excerpt })}::jsonb
    FROM task_watcher
    WHERE task_watcher.task_id = ${place.taskId}::uuid AND task_watcher.watching
      AND NOT (task_watcher.user_id = ANY (${news.skip}::uuid[]))
      AND EXISTS (
        SELECT 1 FROM rule
        WHERE rule.organization_id = ${place.organizationId}::uuid AND rule.user_id = task_watcher.user_id
      )
    RETURNING user_id
  `.execute(trx);
  return rows.map((row) => row.user_id);
}

/**
 * A saved description: the people it mentions that the previous text did not are told once and
 * watch the task; a 400 when any mention names someone outside the organization.
 */
export async function recordDescriptionMentions(
  trx: Kysely<Database>,
  place: TaskPlace,
  actorId: string,
  before: DeltaDocument,
  after: DeltaDocument,
): Promise<Notified> {
  const mentioned = mentionedIds(after);
  await requireMentionedMembers(trx, place.organizationId, mentioned, 'content_json');
  const earlier = new Set(mentionedIds(before));
  const added = mentioned.filter((id) => !earlier.has(id));
  await watchAsMentioned(trx, place.taskId, added);
  const userIds = await tellMentioned(trx, place, actorId, added, {
    where: 'description',
    excerpt: excerptOf(after),
  });
  return { ...place, actorId, userIds };
}

/** One live event per person told: their unread count and "For me" list are read again. */
export function announceNotified(notified: Notified): Announcement[] {
  return [...new Set(notified.userIds)].map((userId) => ({
    event: {
      kind: 'notification',
      action: 'created',
      id: userId,
      organizationId: notified.organizationId,
      projectId: notified.projectId,
      taskId: notified.taskId,
      actorId: notified.actorId,
    },
  }));
}

/**
 * A person the log trigger (figgle_notify_from_log) told of a change of a task, as the statement
 * that wrote the change answers it: nothing is read back afterwards.
 */
export interface Told {
  task_id: string;
  user_id: string;
}

/**
 * A column for the statement that writes a change: the people the log trigger told since the
 * transaction's last take (figgle_take_notified), as JSON. The trigger notes them only while the
 * transaction collects: figgle_change_task collects by itself, another writer calls `collectTold`
 * before its log rows. Evaluated after the row it sits beside is written (a FROM item's function,
 * as in change-task.ts), so it sees what that write's trigger noted.
 */
export const TOLD_JSON = sql<
  Told[]
>`(SELECT coalesce(json_agg(told), '[]'::json) FROM figgle_take_notified() AS told)`;

/** From here to the end of the transaction, whom the log trigger tells is noted for `TOLD_JSON`. */
export async function collectTold(trx: Kysely<Database>): Promise<void> {
  await sql`SELECT figgle_collect_notified()`.execute(trx);
}

/** What the log trigger noted since the last take, as a statement of its own in the transaction. */
export async function takeTold(trx: Kysely<Database>): Promise<Told[]> {
  const { rows } = await sql<{ told: Told[] }>`SELECT ${TOLD_JSON} AS told`.execute(trx);
  return rows[0]?.told ?? [];
}

/**
 * After a committed change of tasks' fields: the live event of each person the log trigger told,
 * one per person and task (`places` give each task's project and organization).
 */
export function announceTold(
  told: readonly Told[] | undefined,
  places: readonly TaskPlace[],
  actorId: string,
): Announcement[] {
  if (!told || told.length === 0) return [];
  const placeOf = new Map(places.map((place) => [place.taskId.toLowerCase(), place]));
  const byTask = new Map<string, Notified>();
  for (const { task_id, user_id } of told) {
    const place = placeOf.get(task_id.toLowerCase());
    if (!place) continue;
    const notified = byTask.get(task_id) ?? {
      taskId: place.taskId,
      projectId: place.projectId,
      organizationId: place.organizationId,
      actorId,
      userIds: [],
    };
    notified.userIds.push(user_id);
    byTask.set(task_id, notified);
  }
  return [...byTask.values()].flatMap(announceNotified);
}
