// Test support for the realtime tests: not part of the app.
import { type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { InvalidationBatch } from './invalidation-batch';

/**
 * A fresh query cache with the invalidation batch that live events use, and the list of every
 * invalidation asked of the cache (the batch's, once flushed), in order. Dispose of `invalidate`
 * after the test.
 */
export function watchedQueryCache(): {
  queryClient: QueryClient;
  invalidate: InvalidationBatch;
  invalidated: InvalidateQueryFilters[];
} {
  const queryClient = new QueryClient();
  const invalidate = new InvalidationBatch(queryClient);
  const invalidated: InvalidateQueryFilters[] = [];
  const original = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    if (filters) invalidated.push(filters);
    return original(filters, options);
  });
  return { queryClient, invalidate, invalidated };
}
