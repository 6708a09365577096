import type {
  CreateProjectStatusInput,
  ProjectStatusView,
  UpdateProjectStatusInput,
} from '@figgle/shared/project-status-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

// Project settings → Statuses (docs/product.md#statuses): the four writes of a project's statuses.
// Each answers the project's list (or nothing, for a removal), which replaces the cached one.

interface Target {
  projectId: string;
}

function useStatusWrite<Variables extends Target>(
  write: (variables: Variables) => Promise<ProjectStatusView[] | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (statuses, { projectId }) => {
      if (statuses) queryClient.setQueryData(queryKeys.projectStatuses(projectId), statuses);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.projectStatuses(projectId) });
      // A removal moves tasks; a new category changes what counts as done.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
    },
  });
}

const statusesPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/statuses`;
const statusPath = (statusId: string) => `/api/project-statuses/${encodeURIComponent(statusId)}`;

export function useCreateProjectStatus() {
  return useStatusWrite(({ projectId, input }: Target & { input: CreateProjectStatusInput }) =>
    api.post<ProjectStatusView[]>(statusesPath(projectId), input),
  );
}

export function useUpdateProjectStatus() {
  return useStatusWrite(
    ({ statusId, changes }: Target & { statusId: string; changes: UpdateProjectStatusInput }) =>
      api.patch<ProjectStatusView[]>(statusPath(statusId), changes),
  );
}

export function useReorderProjectStatuses() {
  return useStatusWrite(({ projectId, statusIds }: Target & { statusIds: string[] }) =>
    api.put<ProjectStatusView[]>(`${statusesPath(projectId)}/order`, { status_ids: statusIds }),
  );
}

export function useDeleteProjectStatus() {
  return useStatusWrite(async ({ statusId, moveTo }: Target & { statusId: string; moveTo?: string }) => {
    const query = moveTo ? `?move_to=${encodeURIComponent(moveTo)}` : '';
    await api.delete(`${statusPath(statusId)}${query}`);
    return null;
  });
}
