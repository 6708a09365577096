import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppUser, Database } from '../db/schema.ts';
import { authorizeOnTask } from './authorize.ts';
import { notFound } from './policy-errors.ts';

/**
 * What a person was told stays theirs only while they may read its organization: after leaving it,
 * its notifications are neither listed nor counted, and reading one is a 404 like any of its data.
 */
export function visibleNotificationsOf(userId: string): RawBuilder<boolean> {
  return sql<boolean>`notification.user_id = ${userId}::uuid AND EXISTS (
    SELECT 1 FROM rule WHERE rule.organization_id = notification.organization_id AND rule.user_id = ${userId}::uuid)`;
}

/** The person's own notification in an organization they still belong to; 404 for anything else. */
export async function authorizeOwnNotification(
  db: Kysely<Database>,
  user: AppUser,
  notificationId: string,
): Promise<void> {
  const row = await db
    .selectFrom('notification')
    .select('notification_id')
    .where('notification_id', '=', notificationId)
    .where(visibleNotificationsOf(user.user_id))
    .executeTakeFirst();
  if (!row) throw notFound('Notification');
}

/** Watching a task, and seeing who does, is for those who may read it: 404 for anyone else. */
export async function authorizeWatching(
  db: Kysely<Database>,
  user: AppUser,
  taskId: string,
): Promise<{ organizationId: string; projectId: string }> {
  const place = await authorizeOnTask(db, user, 'task.read', taskId);
  return place;
}
