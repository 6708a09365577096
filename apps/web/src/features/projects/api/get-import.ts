import type { ImportView } from '@figgle/shared/import-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const importQueryKey = (importId: string) => ['imports', importId] as const;

const RUNNING = new Set<ImportView['state']>(['queued', 'running']);

/** A run, read again every half second while its job works (the progress bar follows it). */
function importQueryOptions(importId: string) {
  return queryOptions({
    queryKey: importQueryKey(importId),
    queryFn: ({ signal }) => api.get<ImportView>(`/api/imports/${encodeURIComponent(importId)}`, { signal }),
    refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.state) ? 500 : false),
  });
}

export function useImport(importId: string | null) {
  return useQuery({ ...importQueryOptions(importId ?? ''), enabled: importId !== null });
}
