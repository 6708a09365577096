import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTaskLists } from '../../../shared/api/task-cache';

function bulkDeleteTasks(taskIds: readonly string[]): Promise<void> {
  return api.post<void>('/api/tasks/bulk-delete', { task_ids: taskIds });
}

/** Deletes the ticked tasks in one request (all or none); the lists are read again after it. */
export function useBulkDeleteTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskIds: readonly string[]) => bulkDeleteTasks(taskIds),
    onSettled: () => refreshTaskLists(queryClient),
  });
}
