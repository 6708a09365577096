import type { Webhook } from '@figgle/shared/webhook-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Under the organization's key: leaving or losing the organization drops them with it. */
export const webhooksQueryKey = (organizationId: string) =>
  [...queryKeys.organization(organizationId), 'webhooks'] as const;

function listWebhooks(organizationId: string, signal?: AbortSignal): Promise<Webhook[]> {
  return api.get<Webhook[]>(`/api/organizations/${encodeURIComponent(organizationId)}/webhooks`, { signal });
}

const webhooksQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: webhooksQueryKey(organizationId),
    queryFn: ({ signal }) => listWebhooks(organizationId, signal),
  });

/** The organization's outgoing webhooks, oldest first. Owners only: the server refuses others. */
export function useWebhooks(organizationId: string) {
  return useQuery(webhooksQueryOptions(organizationId));
}
