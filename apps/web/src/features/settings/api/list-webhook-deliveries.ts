import type { WebhookDelivery } from '@figgle/shared/webhook-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './list-webhooks';

export const webhookDeliveriesQueryKey = (organizationId: string, webhookId: string) =>
  [...webhooksQueryKey(organizationId), webhookId, 'deliveries'] as const;

/** Deliveries happen in the background: the open log reads itself again this often. */
const REFRESH_MS = 3_000;

function listWebhookDeliveries(
  organizationId: string,
  webhookId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return api.get<WebhookDelivery[]>(
    `/api/organizations/${encodeURIComponent(organizationId)}/webhooks/${encodeURIComponent(webhookId)}/deliveries`,
    { signal },
  );
}

const webhookDeliveriesQueryOptions = (organizationId: string, webhookId: string) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(organizationId, webhookId),
    queryFn: ({ signal }) => listWebhookDeliveries(organizationId, webhookId, signal),
    refetchInterval: REFRESH_MS,
  });

/** The newest attempts to deliver to one webhook, newest first, kept fresh while shown. */
export function useWebhookDeliveries(organizationId: string, webhookId: string) {
  return useQuery(webhookDeliveriesQueryOptions(organizationId, webhookId));
}
