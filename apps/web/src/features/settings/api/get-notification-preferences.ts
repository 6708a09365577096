import type { NotificationPreferences } from '@figgle/shared/notification-preference-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationPreferencesQueryKey = ['me', 'notification-preferences'] as const;

function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/me/notification-preferences');
}

const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationPreferencesQueryKey,
  queryFn: getNotificationPreferences,
});

/** What the signed-in person gets by email: the level, the daily digest, their time zone. */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}
