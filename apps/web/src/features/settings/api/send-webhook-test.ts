import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './list-webhook-deliveries';

function sendWebhookTest(organizationId: string, webhookId: string): Promise<{ delivery_id: string }> {
  return api.post<{ delivery_id: string }>(
    `/api/organizations/${encodeURIComponent(organizationId)}/webhooks/${encodeURIComponent(webhookId)}/test`,
  );
}

/** "Send test event": queues a ping; its attempts appear in the webhook's delivery log. */
export function useSendWebhookTest(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendWebhookTest(organizationId, webhookId),
    onSettled: (_answer, _error, webhookId) =>
      void queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(organizationId, webhookId) }),
  });
}
