import type { Webhook } from '@figgle/shared/webhook-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

function setWebhookActive(organizationId: string, webhookId: string, active: boolean): Promise<Webhook> {
  return api.patch<Webhook>(
    `/api/organizations/${encodeURIComponent(organizationId)}/webhooks/${encodeURIComponent(webhookId)}`,
    { active },
  );
}

/** Turns a webhook on or off. */
export function useSetWebhookActive(organizationId: string) {
  const queryClient = useQueryClient();
  const key = webhooksQueryKey(organizationId);
  return useMutation({
    mutationFn: ({ webhookId, active }: { webhookId: string; active: boolean }) =>
      setWebhookActive(organizationId, webhookId, active),
    onSuccess: (saved) =>
      queryClient.setQueryData<Webhook[]>(key, (webhooks) =>
        webhooks?.map((webhook) => (webhook.webhook_id === saved.webhook_id ? saved : webhook)),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
