import type { FailedFigmaWorkList } from '@figgle/shared/figma-delivery-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

const failedFigmaWorkQueryKey = [...queryKeys.figmaEvents, 'failed'] as const;

function listFailedFigmaWork(): Promise<FailedFigmaWorkList> {
  return api.get<FailedFigmaWorkList>('/api/figma-events/failed');
}

/** Comments from Figma that could not be processed and replies that could not be sent, for good. */
export function useFailedFigmaWork() {
  return useQuery(
    queryOptions({
      queryKey: failedFigmaWorkQueryKey,
      queryFn: listFailedFigmaWork,
      // Read again whenever the radar opens, as its events are.
      staleTime: 0,
    }),
  );
}
