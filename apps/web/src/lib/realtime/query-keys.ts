import type { InboxStatusView } from '@figgle/shared/inbox-schemas';
import type { PresenceMember } from '@figgle/shared/realtime-protocol';

/** Who views what, per organization: filled by the socket, never fetched nor kept offline. */
export const presenceQueryKey = ['realtime', 'presence'] as const;
export type PresenceState = Record<string, PresenceMember[]>;

/** GET /api/inbox/status: the sidebar's Inbox dot; live events set it, opening the inbox clears it. */
export const inboxStatusQueryKey = ['inbox', 'status'] as const;
export type InboxStatus = InboxStatusView;

/** "For me": the list and the unread count live under it; a notification event reads them again. */
export const notificationsQueryKey = ['notifications'] as const;
export const unreadCountQueryKey = ['notifications', 'unread-count'] as const;
