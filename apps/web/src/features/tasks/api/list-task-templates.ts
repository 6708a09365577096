import type { TaskTemplateView } from '@figgle/shared/task-template-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listTaskTemplates(projectId: string, signal?: AbortSignal): Promise<TaskTemplateView[]> {
  return api.get<TaskTemplateView[]>(`/api/projects/${encodeURIComponent(projectId)}/task-templates`, {
    signal,
  });
}

const taskTemplatesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.taskTemplates(projectId),
    queryFn: ({ signal }) => listTaskTemplates(projectId, signal),
  });

/** The templates a project offers: the ready ones, then its own by name. */
export function useTaskTemplates(projectId: string) {
  return useQuery(taskTemplatesQueryOptions(projectId));
}
