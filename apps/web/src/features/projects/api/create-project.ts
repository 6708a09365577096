import type { CreateProjectInput, ProjectView } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectsQueryKey } from '../../../shared/api/list-projects';

function createProject(input: CreateProjectInput): Promise<ProjectView> {
  return api.post<ProjectView>('/api/projects', input);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData<ProjectView[]>(projectsQueryKey, (projects) =>
        projects ? [...projects.filter((p) => p.project_id !== project.project_id), project] : projects,
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
