import type { CreateProjectInput, ProjectView } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectsQueryKey } from '../../../shared/api/list-projects';

/** With `templateProjectId`, the project is made from that one (POST /api/projects/:id/copy). */
function createProject({
  templateProjectId,
  ...input
}: CreateProjectInput & { templateProjectId?: string | null }): Promise<ProjectView> {
  if (templateProjectId) {
    const { organization_id: _organization, ...copy } = input;
    return api.post<ProjectView>(`/api/projects/${encodeURIComponent(templateProjectId)}/copy`, copy);
  }
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
