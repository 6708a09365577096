import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface AddSubtaskVariables {
  parentId: string;
  projectId: string;
  title: string;
}

/** A new task in the parent's project, made under the parent in the same transaction. */
function addSubtask({ parentId, projectId, title }: AddSubtaskVariables): Promise<TaskSummaryView> {
  return api.post<TaskSummaryView>(`/api/projects/${encodeURIComponent(projectId)}/tasks`, {
    title,
    parent_id: parentId,
  });
}

export function useAddSubtask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubtask,
    onSettled: (_task, _error, { parentId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(parentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) }),
      ]),
  });
}
