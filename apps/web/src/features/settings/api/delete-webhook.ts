import type { Webhook } from '@figgle/shared/webhook-schemas';
import { api } from '../../../lib/api-client';
import { useRemoveFromList } from '../../../lib/remove-from-list';
import { webhooksQueryKey } from './list-webhooks';

function deleteWebhook(organizationId: string, webhookId: string): Promise<null> {
  return api.delete<null>(
    `/api/organizations/${encodeURIComponent(organizationId)}/webhooks/${encodeURIComponent(webhookId)}`,
  );
}

/** Deletes a webhook and its delivery log. */
export function useDeleteWebhook(organizationId: string) {
  return useRemoveFromList({
    mutationFn: (webhookId: string) => deleteWebhook(organizationId, webhookId),
    listKey: webhooksQueryKey(organizationId),
    idOf: (webhook: Webhook) => webhook.webhook_id,
  });
}
