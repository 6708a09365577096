import type {
  NotificationPreferences,
  UpdateNotificationPreferencesInput,
} from '@figgle/shared/notification-preference-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

function updateNotificationPreferences(
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/api/me/notification-preferences', input);
}

/** The server's answer becomes the cached choice; the page shows the choice itself meanwhile. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
