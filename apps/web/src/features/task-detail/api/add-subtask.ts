import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { taskStructureKey } from './get-task-structure';

interface AddSubtaskVariables {
  parentId: string;
  projectId: string;
  title: string;
}

/**
 * A new task in the parent's project, then placed under the parent. Two requests for now (WIP,
 * issue 42): a creation that carries its parent in one transaction is the next step.
 */
async function addSubtask({ parentId, projectId, title }: AddSubtaskVariables): Promise<TaskSummaryView> {
  const created = await api.post<TaskSummaryView>(`/api/projects/${encodeURIComponent(projectId)}/tasks`, {
    title,
  });
  return api.put<TaskSummaryView>(`/api/tasks/${encodeURIComponent(created.task_id)}/parent`, {
    parent_id: parentId,
  });
}

export function useAddSubtask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubtask,
    onSettled: (_task, _error, { parentId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskStructureKey(parentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) }),
      ]),
  });
}
