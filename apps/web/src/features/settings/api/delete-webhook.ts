import type { Webhook } from '@figgle/shared/webhook-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

function deleteWebhook(organizationId: string, webhookId: string): Promise<null> {
  return api.delete<null>(
    `/api/organizations/${encodeURIComponent(organizationId)}/webhooks/${encodeURIComponent(webhookId)}`,
  );
}

/** Deletes a webhook and its delivery log. */
export function useDeleteWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  const key = webhooksQueryKey(organizationId);
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(organizationId, webhookId),
    onSuccess: (_answer, webhookId) =>
      queryClient.setQueryData<Webhook[]>(key, (webhooks) =>
        webhooks?.filter((webhook) => webhook.webhook_id !== webhookId),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
