import { RADAR_PAGE_SIZE } from '@figgle/shared/constants';
import type { FigmaEventPage } from '@figgle/shared/figma-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offsetPaging } from '../../../lib/offset-paging';
import { queryKeys } from '../../../shared/api/query-keys';

const radarQueryKey = [...queryKeys.figmaEvents, 'radar'] as const;

function listFigmaEvents(offset: number, limit = RADAR_PAGE_SIZE): Promise<FigmaEventPage> {
  return api.get<FigmaEventPage>('/api/figma-events', { query: { offset, limit } });
}

/** The radar, newest first, ten more per See More (docs/product.md#figma-radar). */
const radarQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: radarQueryKey,
    queryFn: ({ pageParam }) => listFigmaEvents(pageParam),
    ...offsetPaging((page: FigmaEventPage) => page.events),
    // Live events reach the radar only while it is shown: read it again whenever it opens.
    staleTime: 0,
  });

export function useRadar() {
  return useInfiniteQuery(radarQueryOptions());
}
