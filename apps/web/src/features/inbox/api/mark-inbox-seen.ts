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
    // The dot goes as the inbox opens. A read of the status already under way (new activity asks for
    // one) may answer from before the visit was kept, and land after it: it is cancelled, and the
    // status is read again once the server has kept the visit.
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: inboxStatusQueryKey });
      queryClient.setQueryData<InboxStatusView>(inboxStatusQueryKey, (status) =>
        status ? { ...status, has_new: false } : status,
      );
    },
    onSuccess: (status) => {
      queryClient.setQueryData<InboxStatusView>(inboxStatusQueryKey, status);
      void queryClient.invalidateQueries({ queryKey: inboxStatusQueryKey });
    },
  });
}
