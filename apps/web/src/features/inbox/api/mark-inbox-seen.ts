import type { InboxStatusView } from '@figgle/shared/inbox-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inboxStatusQueryKey } from '../../../lib/realtime/query-keys';

function markInboxSeen(): Promise<InboxStatusView> {
  return api.post<InboxStatusView>('/api/inbox/seen');
}

/** POST /api/inbox/seen: the visit is kept on the server, so the dot goes on every device. */
export function useMarkInboxSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInboxSeen,
    // The dot goes as the inbox opens; the server's answer then confirms the new mark.
    onMutate: () =>
      queryClient.setQueryData<InboxStatusView>(inboxStatusQueryKey, (status) =>
        status ? { ...status, has_new: false } : status,
      ),
    onSuccess: (status) => queryClient.setQueryData<InboxStatusView>(inboxStatusQueryKey, status),
  });
}
