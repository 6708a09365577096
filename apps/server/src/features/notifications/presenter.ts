import type { NotificationView, WatchersView } from '@figgle/shared/notification-schemas';
import type { EntryTaskColumns, NotificationRow } from './queries.ts';

/** A status change also names its statuses as the project calls them (from_name, to_name). */
function withStatusNames(row: NotificationRow): Record<string, unknown> {
  const detail = row.detail ?? {};
  if (detail.field !== 'status') return detail;
  return {
    ...detail,
    ...(row.status_from_name ? { from_name: row.status_from_name } : {}),
    ...(row.status_to_name ? { to_name: row.status_to_name } : {}),
  };
}

/** The task an entry of "For me" or the inbox is about, and its project. */
export function presentEntryTask(row: EntryTaskColumns): Pick<NotificationView, 'task' | 'project'> {
  return {
    task: { task_id: row.task_id, reference: row.task_reference, title: row.task_title },
    project: {
      project_id: row.project_id,
      name: row.project_name,
      emoji: row.project_emoji,
      trigram: row.project_trigram,
    },
  };
}

export function presentNotification(row: NotificationRow): NotificationView {
  return {
    notification_id: row.notification_id,
    kind: row.kind,
    detail: withStatusNames(row),
    created_at: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
    actor: row.actor_id
      ? { user_id: row.actor_id, firstname: row.actor_firstname ?? '', lastname: row.actor_lastname ?? '' }
      : null,
    ...presentEntryTask(row),
  };
}

export function presentWatchers(watchers: {
  watching: boolean;
  watchers: Array<{ user_id: string; firstname: string; lastname: string }>;
}): WatchersView {
  return {
    watching: watchers.watching,
    watchers: watchers.watchers.map(({ user_id, firstname, lastname }) => ({ user_id, firstname, lastname })),
  };
}
