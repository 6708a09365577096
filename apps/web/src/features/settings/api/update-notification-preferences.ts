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

/** Shown at once, put back as it was when the server refuses. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
