import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { type Announcement, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { authorizeOwnNotification, visibleNotificationsOf } from '../../../policies/notifications.ts';

/** The person's other tabs read their count again; the event names the organization of the change. */
function announceRead(user: CurrentUser, marked: ReadonlyArray<{ organization_id: string }>): Announcement[] {
  return [...new Set(marked.map((row) => row.organization_id))].map((organizationId) => ({
    event: {
      kind: 'notification',
      action: 'updated',
      id: user.user_id,
      organizationId,
      actorId: user.user_id,
    },
  }));
}

/** Opening an entry of "For me" marks it read (again: nothing changes). 404 when it is not theirs. */
export async function markNotificationRead(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  notificationId: string,
): Promise<void> {
  await authorizeOwnNotification(db, user, notificationId);
  await publishAfterCommit(
    bus,
    () =>
      db
        .updateTable('notification')
        .set({ read_at: new Date() })
        .where('notification_id', '=', notificationId)
        .where('read_at', 'is', null)
        .returning('organization_id')
        .execute(),
    (marked) => announceRead(user, marked),
  );
}

/** "Mark all as read": every unread entry the person may still see. */
export async function markAllNotificationsRead(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
): Promise<void> {
  await publishAfterCommit(
    bus,
    () =>
      db
        .updateTable('notification')
        .set({ read_at: new Date() })
        .where(visibleNotificationsOf(user.user_id))
        .where('read_at', 'is', null)
        .returning('organization_id')
        .execute(),
    (marked) => announceRead(user, marked),
  );
}
