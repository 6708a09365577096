import type { FigmaProjectOption } from '@figgle/shared/figma-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { figmaEventQueryKey } from './get-figma-event';

/** The projects a task from this event may go to: those of the event's organization. */
function listEventProjects(eventId: string): Promise<FigmaProjectOption[]> {
  return api.get<FigmaProjectOption[]>(`/api/figma-events/${encodeURIComponent(eventId)}/projects`);
}

export function useEventProjects(eventId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...figmaEventQueryKey(eventId ?? ''), 'projects'],
      queryFn: () => listEventProjects(eventId ?? ''),
      enabled: eventId !== null,
    }),
  );
}
