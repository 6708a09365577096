import type { SearchAnswer, TaskHit } from '@figgle/shared/search-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** How many tasks a picker offers for what was typed. */
const FOUND_LIMIT = 8;

/**
 * Tasks whose title or reference matches `q` (the search of docs/product.md#search-and-shortcuts),
 * for the pickers of the Sub-tasks and Relations sections. Under queryKeys.search, so live task
 * events read an open answer again.
 */
export function useFindTasks(q: string, contextProjectId: string) {
  return useQuery({
    queryKey: [...queryKeys.search, 'task-picker', q, contextProjectId] as const,
    queryFn: async ({ signal }): Promise<TaskHit[]> =>
      (
        await api.get<SearchAnswer>('/api/search', {
          query: { q, kinds: 'task', limit: FOUND_LIMIT, context_project_id: contextProjectId },
          signal,
        })
      ).tasks.items,
    enabled: q.trim() !== '',
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
