import type { TrashItemView, TrashListView } from '@figgle/shared/trash-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Under the organization's key, and read again live (shared/api/query-keys.ts). */
export const trashQueryKey = queryKeys.trash;

async function listTrash(organizationId: string, signal?: AbortSignal): Promise<TrashItemView[]> {
  const answer = await api.get<TrashListView>(
    `/api/organizations/${encodeURIComponent(organizationId)}/trash`,
    { signal },
  );
  return answer.items;
}

const trashQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: trashQueryKey(organizationId),
    queryFn: ({ signal }) => listTrash(organizationId, signal),
  });

/** What the organization deleted in the last 30 days, newest first (docs/product.md#trash). */
export function useTrash(organizationId: string) {
  return useQuery(trashQueryOptions(organizationId));
}
