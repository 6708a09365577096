import type { ProjectView } from '@figgle/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { projectsQueryKey } from '../../../shared/api/list-projects';
import { toastError } from '../../../ui/toast';

interface SetBookmarkInput {
  projectId: string;
  bookmarked: boolean;
}

function setBookmark({ projectId, bookmarked }: SetBookmarkInput): Promise<unknown> {
  const path = `/api/projects/${encodeURIComponent(projectId)}/bookmark`;
  return bookmarked ? api.put(path) : api.delete(path);
}

/** The star shows its new state at once; a failure puts it back. */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookmark,
    onMutate: async ({ projectId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey: projectsQueryKey });
      const previous = queryClient.getQueryData<ProjectView[]>(projectsQueryKey);
      queryClient.setQueryData<ProjectView[]>(projectsQueryKey, (projects) =>
        projects?.map((p) => (p.project_id === projectId ? { ...p, is_bookmarked: bookmarked } : p)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(projectsQueryKey, context?.previous);
      toastError(t('messages.saveFailed'));
    },
    onSettled: (_data, _error, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['project', projectId] });
    },
  });
}
