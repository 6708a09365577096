import type { ChecklistView } from '@figgle/shared/checklist-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function listChecklist(taskId: string, signal?: AbortSignal): Promise<ChecklistView> {
  return api.get<ChecklistView>(`/api/tasks/${encodeURIComponent(taskId)}/checklist`, { signal });
}

const checklistQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.checklist(taskId),
    queryFn: ({ signal }) => listChecklist(taskId, signal),
  });

export function useChecklist(taskId: string) {
  return useQuery(checklistQueryOptions(taskId));
}
