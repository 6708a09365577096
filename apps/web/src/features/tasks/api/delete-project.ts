import type { ProjectView } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function deleteProject(projectId: string): Promise<unknown> {
  return api.delete(`/api/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_answer, projectId) => {
      queryClient.setQueryData<ProjectView[]>(queryKeys.projects, (projects) =>
        projects?.filter((project) => project.project_id !== projectId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.projectTasks(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
