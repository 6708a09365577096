import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

export const figmaEventQueryKey = (eventId: string) => [...queryKeys.figmaEvents, 'event', eventId] as const;

function getFigmaEvent(eventId: string): Promise<FigmaEventView> {
  return api.get<FigmaEventView>(`/api/figma-events/${encodeURIComponent(eventId)}`);
}

export function useFigmaEvent(eventId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: figmaEventQueryKey(eventId ?? ''),
      queryFn: () => getFigmaEvent(eventId ?? ''),
      enabled: eventId !== null,
    }),
  );
}
