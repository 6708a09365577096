import type { LabelView } from '@figgle/shared/planning-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listLabels(organizationId: string, signal?: AbortSignal): Promise<LabelView[]> {
  return api.get<LabelView[]>(`/api/organizations/${encodeURIComponent(organizationId)}/labels`, {
    signal,
  });
}

/** Live `label` events invalidate this key, so a minute's staleness costs nothing. */
const labelsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.labels(organizationId),
    queryFn: ({ signal }) => listLabels(organizationId, signal),
    staleTime: 60_000,
  });

/** The organization's labels, sorted by name, each with how many tasks carry it. */
export function useLabels(organizationId: string | undefined) {
  return useQuery({ ...labelsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
