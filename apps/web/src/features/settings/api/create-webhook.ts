import type { CreatedWebhook, CreateWebhookInput, Webhook } from '@figgle/shared/webhook-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

function createWebhook(organizationId: string, input: CreateWebhookInput): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>(`/api/organizations/${encodeURIComponent(organizationId)}/webhooks`, input);
}

/** Adds a webhook; the answer carries its signing secret, which the page shows this once. */
export function useCreateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  const key = webhooksQueryKey(organizationId);
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => createWebhook(organizationId, input),
    onSuccess: ({ secret: _secret, ...webhook }) =>
      queryClient.setQueryData<Webhook[]>(key, (webhooks) => [...(webhooks ?? []), webhook]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
