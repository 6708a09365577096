import type { ProjectView } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskQueryKeys } from './query-keys';

export function deleteProject(projectId: string): Promise<unknown> {
  return api.delete(`/api/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_answer, projectId) => {
      queryClient.setQueryData<ProjectView[]>(taskQueryKeys.projects, (projects) =>
        projects?.filter((project) => project.project_id !== projectId),
      );
      queryClient.removeQueries({ queryKey: taskQueryKeys.projectTasks(projectId) });
      void queryClient.invalidateQueries({ queryKey: taskQueryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: taskQueryKeys.myTasks });
    },
  });
}
