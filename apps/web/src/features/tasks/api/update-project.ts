import type { ProjectView, UpdateProjectInput } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface UpdateProjectVariables {
  projectId: string;
  changes: UpdateProjectInput;
  /** Applied after the fields: the favorite is per user, a separate call. */
  bookmarked?: boolean;
}

async function updateProject({ projectId, changes, bookmarked }: UpdateProjectVariables) {
  const path = `/api/projects/${encodeURIComponent(projectId)}`;
  const project = await api.patch<ProjectView>(path, changes);
  if (bookmarked === undefined || bookmarked === project.is_bookmarked) return project;
  await (bookmarked ? api.put(`${path}/bookmark`) : api.delete(`${path}/bookmark`));
  return { ...project, is_bookmarked: bookmarked };
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.project(project.project_id), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      // The project's name and emoji show on My tasks cards.
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
    },
  });
}
