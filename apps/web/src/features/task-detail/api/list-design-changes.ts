import type { DesignChangeView } from '@figgle/shared/design-change-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listDesignChanges(taskId: string, signal?: AbortSignal): Promise<DesignChangeView[]> {
  return api.get<DesignChangeView[]>(`/api/tasks/${encodeURIComponent(taskId)}/design-changes`, { signal });
}

const designChangesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.taskDesignChanges(taskId),
    queryFn: ({ signal }) => listDesignChanges(taskId, signal),
  });

/** The linked designs that changed in Figma since the assignee last saw them; read again with the task. */
export function useDesignChanges(taskId: string) {
  return useQuery(designChangesQueryOptions(taskId));
}
