import { type Kysely, sql } from 'kysely';
import type { Database, NotificationKind } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { visibleNotificationsOf } from '../../policies/notifications.ts';

/** The task an entry of "For me" or the inbox is about, and its project. */
export interface EntryTaskColumns {
  task_id: string;
  task_reference: number;
  task_title: string;
  project_id: string;
  project_name: string;
  project_emoji: string;
  project_trigram: string;
}

export interface NotificationRow extends EntryTaskColumns {
  notification_id: string;
  kind: NotificationKind;
  detail: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
  actor_id: string | null;
  actor_firstname: string | null;
  actor_lastname: string | null;
  /** A status change: the names in the task's project of the statuses it went from and to. */
  status_from_name: string | null;
  status_to_name: string | null;
}

/** The name of the status a change notification went `side` (from, to), in the task's project. */
const statusNameIn = (side: 'from' | 'to') =>
  sql<string | null>`(SELECT project_status.name FROM project_status
    WHERE notification.detail->>'field' = 'status' AND project_status.project_id = task.project_id
      AND project_status.key = notification.detail->>${side}::text)`;

interface Cursor {
  createdAt: string;
  id: string;
}

/** The place after an entry: its time (to the microsecond, as the database keeps it) and id. */
export function cursorAfter(row: { created_at_text: string; notification_id: string }): string {
  return Buffer.from(`${row.created_at_text}|${row.notification_id}`).toString('base64url');
}

function readCursor(cursor: string): Cursor {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!createdAt || !id || !uuid.test(id) || Number.isNaN(Date.parse(createdAt)))
    throw badRequest('cursor must be a next_cursor of an earlier page.', [
      { path: 'querystring.cursor', message: 'is not a cursor' },
    ]);
  return { createdAt, id };
}

/** "For me", newest first: a page of `limit` and one more to know whether another page follows. */
export async function notificationsPage(
  db: Kysely<Database>,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<Array<NotificationRow & { created_at_text: string }>> {
  const after = cursor ? readCursor(cursor) : null;
  let query = db
    .selectFrom('notification')
    .innerJoin('task', 'task.task_id', 'notification.task_id')
    .innerJoin('project', 'project.project_id', 'notification.project_id')
    .leftJoin('app_user as actor', 'actor.user_id', 'notification.actor_id')
    .select([
      'notification.notification_id',
      'notification.kind',
      'notification.detail',
      'notification.created_at',
      sql<string>`to_char(notification.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'created_at_text',
      ),
      'notification.read_at',
      'notification.actor_id',
      'actor.firstname as actor_firstname',
      'actor.lastname as actor_lastname',
      'task.task_id',
      'task.reference as task_reference',
      'task.title as task_title',
      'project.project_id',
      'project.name as project_name',
      'project.emoji as project_emoji',
      'project.trigram as project_trigram',
      statusNameIn('from').as('status_from_name'),
      statusNameIn('to').as('status_to_name'),
    ])
    .where(visibleNotificationsOf(userId))
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null);
  if (after) {
    query = query.where(
      sql<boolean>`(notification.created_at, notification.notification_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return query
    .orderBy('notification.created_at', 'desc')
    .orderBy('notification.notification_id', 'desc')
    .limit(limit + 1)
    .execute() as Promise<Array<NotificationRow & { created_at_text: string }>>;
}

/** Unread entries the person may still see (notification_unread_idx). */
export async function unreadCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .innerJoin('task', 'task.task_id', 'notification.task_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(visibleNotificationsOf(userId))
    .where('notification.read_at', 'is', null)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whoever watches the task, by name, and whether `userId` is one of them. */
export async function watchersOf(db: Kysely<Database>, taskId: string, userId: string) {
  const watchers = await db
    .selectFrom('task_watcher')
    .innerJoin('app_user', 'app_user.user_id', 'task_watcher.user_id')
    .innerJoin('task', 'task.task_id', 'task_watcher.task_id')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    // Only people still in the task's organization are told anything, so only they are shown.
    .innerJoin('rule', (join) =>
      join
        .onRef('rule.organization_id', '=', 'project.organization_id')
        .onRef('rule.user_id', '=', 'task_watcher.user_id'),
    )
    .select(['app_user.user_id', 'app_user.firstname', 'app_user.lastname'])
    .where('task_watcher.task_id', '=', taskId)
    .where('task_watcher.watching', '=', true)
    .orderBy('app_user.firstname')
    .orderBy('app_user.lastname')
    .execute();
  return { watching: watchers.some((watcher) => watcher.user_id === userId), watchers };
}
